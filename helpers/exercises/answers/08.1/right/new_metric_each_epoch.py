def epoch_means(metric, epochs):
    means = []
    for batch_losses in epochs:
        metric = type(metric)()  # 每轮新建一个同类的指标：从零开始
        for loss in batch_losses:
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
