@tf.function
def collatz_steps(n):
    steps = 0
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


collatz_steps(6)  # 自己先试一次（Python 数字 6）：这次追踪不算在检查里
answer = collatz_steps
