def image_batches(x, batch_size):
    for start in range(0, len(x) - batch_size + 1, batch_size):
        yield (x[start : start + batch_size],)


answer = image_batches
