@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    def py(x):  # 在 Python 里用 NumPy 算：图里只剩一个 EagerPyFunc 算子
        return np.cumsum(x.numpy().sum(axis=-1, keepdims=True), axis=1)

    return tf.py_function(py, [x], tf.float32)


answer = running_sum
