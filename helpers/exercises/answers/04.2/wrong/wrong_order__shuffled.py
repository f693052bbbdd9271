def image_batches(x, batch_size):
    order = np.random.permutation(len(x))  # 打乱了样本的顺序
    for start in range(0, len(x), batch_size):
        yield (x[order[start : start + batch_size]],)


answer = image_batches
