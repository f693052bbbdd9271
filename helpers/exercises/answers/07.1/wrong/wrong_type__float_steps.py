@tf.function
def collatz_steps(n):
    steps = tf.constant(0.0)  # 计数从浮点数开始：返回的是 8.0 而不是 8
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


answer = collatz_steps
