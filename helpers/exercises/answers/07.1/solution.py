@tf.function
def collatz_steps(n):
    steps = 0
    while n != 1:  # 条件是张量：变成图里的 While 算子
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps


answer = collatz_steps
