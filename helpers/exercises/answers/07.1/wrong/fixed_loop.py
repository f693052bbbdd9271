@tf.function
def collatz_steps(n):
    steps = 0
    for _ in tf.range(1000):  # 固定跑 1000 轮，和 n 无关
        if n != 1:
            n = tf.where(n % 2 == 0, n // 2, 3 * n + 1)
            steps += 1
    return steps


answer = collatz_steps
