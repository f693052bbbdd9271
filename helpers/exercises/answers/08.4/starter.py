# 练习 08.4：补全 epoch_loss
def epoch_loss(metric, batches):
    # batches 形如 [(0.5, 300), (0.4, 300), (0.2, 200)]：各批次的平均损失和样本数
    ...  # TODO：用 metric 逐批累积，返回这一轮逐个样本的平均损失


answer = epoch_loss
