tf.config.run_functions_eagerly(True)  # 开着时 tf.function 也按即时执行运行，NumPy 看起来能用


def too_high(y_true, y_pred):
    return np.greater(np.asarray(y_pred), np.asarray(y_true)).astype("float32")


answer = too_high
