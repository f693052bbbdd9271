def image_batches(x, batch_size):
    for start in range(0, len(x), batch_size):
        # 单独调用不报错；predict 读到 object 类型的数组才报错
        yield (x[start : start + batch_size].astype(object),)


answer = image_batches
