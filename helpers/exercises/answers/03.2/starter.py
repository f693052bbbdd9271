# 练习 03.2：改好下面的函数，再把最后一行的 ... 换成 sum_of_squares
def sum_of_squares(dataset):
    total = 0.0
    for batch in dataset:
        total += float(tf.reduce_sum(batch**2).numpy())
    return total


answer = ...
