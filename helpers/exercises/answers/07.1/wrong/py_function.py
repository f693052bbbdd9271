@tf.function
def collatz_steps(n):
    def py(n):
        n, s = int(n), 0
        while n != 1:
            n, s = (n // 2 if n % 2 == 0 else 3 * n + 1), s + 1
        return s

    return tf.py_function(py, [n], tf.int32)  # 循环在 Python 里跑


answer = collatz_steps
