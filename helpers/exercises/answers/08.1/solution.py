def epoch_means(metric, epochs):
    means = []
    for batch_losses in epochs:
        metric.reset_state()  # 每轮开始前清零
        for loss in batch_losses:
            metric.update_state(loss)
        means.append(float(metric.result()))
    return means


answer = epoch_means
