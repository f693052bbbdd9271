def image_batches(x, batch_size):
    return [(x[start : start + batch_size],) for start in range(0, len(x), batch_size)]


answer = image_batches
