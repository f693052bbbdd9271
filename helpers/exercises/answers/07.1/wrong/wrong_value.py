@tf.function
def collatz_steps(n):
    steps = 1  # 数的是经过的数，而不是步数
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


answer = collatz_steps
