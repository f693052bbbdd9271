def epoch_loss(metric, batches):
    for batch_loss, size in batches:
        metric.update_state(batch_loss, sample_weight=size)  # 按这一批的样本数加权
    return float(metric.result())


answer = epoch_loss
