@tf.function
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n / 2  # 真除法：得到浮点数
        else:
            n = 3 * n + 1
        steps += 1
    return steps


answer = collatz_steps
