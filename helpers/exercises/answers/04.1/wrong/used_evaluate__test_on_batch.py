def reported_loss(model, x, y, batch_size):
    losses, sizes = [], []
    for start in range(0, len(x), batch_size):
        part = slice(start, start + batch_size)
        losses.append(model.test_on_batch(x[part], y[part]))  # 就是一个批次上的 evaluate
        sizes.append(len(x[part]))
    return float(np.average(losses, weights=sizes))


answer = reported_loss
