def epoch_loss(metric, batches):
    for batch_loss, size in batches:
        metric.update_state([batch_loss] * size)  # 每个样本记一次：和按样本数加权一样
    return float(metric.result())


answer = epoch_loss
