# 练习 03.3：补全 first_two
def first_two(dataset):
    ...  # TODO：用 next() 取出前两个元素


answer = first_two
