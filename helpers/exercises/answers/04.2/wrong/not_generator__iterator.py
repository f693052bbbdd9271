def image_batches(x, batch_size):
    return iter([(x[start : start + batch_size],) for start in range(0, len(x), batch_size)])  # 迭代器，不是生成器


answer = image_batches
