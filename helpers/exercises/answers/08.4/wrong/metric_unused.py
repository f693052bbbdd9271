def epoch_loss(metric, batches):
    total = sum(batch_loss * size for batch_loss, size in batches)
    return total / sum(size for _, size in batches)


answer = epoch_loss
