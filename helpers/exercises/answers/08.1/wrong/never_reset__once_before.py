def epoch_means(metric, epochs):
    means = []
    metric.reset_state()  # 只在所有轮之前清零一次：轮与轮之间仍在累积
    for batch_losses in epochs:
        for loss in batch_losses:
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
