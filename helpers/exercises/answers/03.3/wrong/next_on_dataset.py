def first_two(dataset):
    return next(dataset), next(dataset)


answer = first_two
