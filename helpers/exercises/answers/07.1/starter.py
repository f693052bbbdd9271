# 练习 07.1：补全 collatz_steps
@tf.function
def collatz_steps(n):
    ...  # TODO：用 Python 的 while 和 if 写，条件直接用张量


answer = collatz_steps
