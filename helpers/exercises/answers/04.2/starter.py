# 练习 04.2：补全 image_batches
def image_batches(x, batch_size):
    ...  # TODO：用 for 循环和 yield，按顺序逐批产出 predict 要的输入


answer = image_batches
