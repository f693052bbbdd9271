@tf.function
def collatz_steps(n, steps):
    while n != 1:
        n = tf.where(n % 2 == 0, n // 2, 3 * n + 1)
        steps += 1
    return steps


answer = collatz_steps
