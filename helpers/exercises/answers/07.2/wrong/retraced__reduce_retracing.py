@tf.function(reduce_retracing=True)  # 没有输入签名
def running_sum(x):
    x = tf.transpose(x, [1, 0, 2])
    steps = tf.shape(x)[0]
    outputs = tf.TensorArray(tf.float32, size=steps)
    total = tf.zeros([tf.shape(x)[1], 1])
    for t in tf.range(steps):
        total += tf.reduce_sum(x[t], axis=-1, keepdims=True)
        outputs = outputs.write(t, total)
    return tf.transpose(outputs.stack(), [1, 0, 2])


answer = running_sum
