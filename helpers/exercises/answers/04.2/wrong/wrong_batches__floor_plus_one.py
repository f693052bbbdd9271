def image_batches(x, batch_size):
    for i in range(len(x) // batch_size + 1):  # 能整除时多出一个空批次
        yield (x[i * batch_size : (i + 1) * batch_size],)


answer = image_batches
