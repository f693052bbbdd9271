def image_batches(x, batch_size):
    for start in range(0, len(x), batch_size):
        yield x[start : start + batch_size]  # 直接产出数组


answer = image_batches
