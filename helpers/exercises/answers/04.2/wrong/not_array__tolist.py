def image_batches(x, batch_size):
    for start in range(0, len(x), batch_size):
        yield (x[start : start + batch_size].tolist(),)  # Python 列表，不是数组


answer = image_batches
