def epoch_means(metric, epochs):
    means = []
    for batch_losses in epochs:
        metric.reset_states()  # 指南里的写法
        for loss in batch_losses:
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
