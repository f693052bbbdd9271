# 练习 06.1：补全 train_step
def train_step(model, optimizer, x, y):
    # 1. 在 tf.GradientTape 里以训练模式调用模型，算出均方误差
    # 2. 求损失对 model.trainable_variables 的梯度
    # 3. 用优化器更新这些变量
    ...  # TODO：返回这一步的损失


answer = train_step
