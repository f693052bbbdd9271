def epoch_means(metric, epochs):
    means = []
    for batch_losses in epochs:
        metric.reset()  # torchmetrics 的写法，Keras 3 的指标没有它
        for loss in batch_losses:
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
