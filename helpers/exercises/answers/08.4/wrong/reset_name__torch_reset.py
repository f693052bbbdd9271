def epoch_loss(metric, batches):
    metric.reset()  # torchmetrics 的写法，Keras 3 的指标没有它
    for batch_loss, size in batches:
        metric.update_state(batch_loss, sample_weight=size)
    return float(metric.result())


answer = epoch_loss
