def epoch_loss(metric, batches):
    total = sum(batch_loss * size for batch_loss, size in batches)
    metric.update_state(total / sum(size for _, size in batches))  # 整轮算好，只交给指标一次
    return float(metric.result())


answer = epoch_loss
