@tf.function
def collatz_steps(n):
    steps = 0
    while n > 0:  # 1 → 4 → 2 → 1 → …：永远不会结束
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


answer = collatz_steps
