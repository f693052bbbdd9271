@tf.function
def collatz_steps(n):
    steps = 0
    for _ in range(200):  # Python 的 range：“保险起见”多跑几轮，追踪时循环体复制 200 份
        if n != 1:
            n = tf.where(n % 2 == 0, n // 2, 3 * n + 1)
            steps += 1
    return steps


answer = collatz_steps
