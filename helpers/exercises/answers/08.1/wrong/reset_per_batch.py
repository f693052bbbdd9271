def epoch_means(metric, epochs):
    means = []
    for batch_losses in epochs:
        for loss in batch_losses:
            metric.reset_state()  # 每个批次都清零：只剩最后一批
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
