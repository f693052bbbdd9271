def image_batches(x, batch_size):
    for start in range(0, len(x), batch_size):
        # 最后一个批次不满 batch_size 个，这里就报错
        yield (x[start : start + batch_size].reshape(batch_size, -1),)


answer = image_batches
