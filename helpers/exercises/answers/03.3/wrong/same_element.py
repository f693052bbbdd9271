def first_two(dataset):
    return next(iter(dataset)), next(iter(dataset))


answer = first_two
