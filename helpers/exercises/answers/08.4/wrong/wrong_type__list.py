def epoch_loss(metric, batches):
    means = []
    for batch_loss, size in batches:
        metric.update_state(batch_loss, sample_weight=size)
        means.append(float(metric.result()))
    return means


answer = epoch_loss
