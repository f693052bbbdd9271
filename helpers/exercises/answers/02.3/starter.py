# 练习 02.3：补全 make_optimizer
# 旧代码：keras.optimizers.SGD(lr=0.1, decay=0.01)
def make_optimizer():
    ...  # TODO：返回一个 Keras 3 的 keras.optimizers.SGD，学习率的衰减和旧代码相同


answer = make_optimizer
