def epoch_loss(metric, batches):
    losses = [batch_loss for batch_loss, _ in batches]
    sizes = [size for _, size in batches]
    metric.update_state(losses, sample_weight=sizes)  # 整轮一次交给指标
    return float(metric.result())


answer = epoch_loss
