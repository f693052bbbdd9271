def epoch_means(metric, epochs):
    means = []
    for batch_losses in epochs:
        metric = keras.metrics.Mean()  # 每轮新建一个指标：从零开始
        for loss in batch_losses:
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
