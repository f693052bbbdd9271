@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    x = tf.transpose(x, [1, 0, 2])  # [时间, 批, 3]
    steps = tf.shape(x)[0]
    outputs = tf.TensorArray(tf.float32, size=steps)
    total = tf.zeros([tf.shape(x)[1], 1])
    for t in tf.range(steps):  # 长度是张量：变成图里的 While 算子
        total += tf.reduce_sum(x[t], axis=-1, keepdims=True)
        outputs = outputs.write(t, total)
    return tf.transpose(outputs.stack(), [1, 0, 2])  # [批, 时间, 1]


answer = running_sum
