def epoch_means(metric, epochs):
    means = []
    for batch_losses in epochs:
        for variable in metric.variables:  # 自己把指标的变量清零
            variable.assign(0.0)
        for loss in batch_losses:
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
