def first_two(dataset):
    iterator = dataset.as_numpy_iterator()  # 产出 NumPy 值的迭代器
    return next(iterator), next(iterator)


answer = first_two
