@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    x = tf.transpose(x, [1, 0, 2])
    steps = tf.shape(x)[0]
    outputs = tf.TensorArray(tf.float32, size=steps)  # size 对了
    total = tf.zeros([tf.shape(x)[1], 1])
    for t in tf.range(steps):
        total += tf.reduce_sum(x[t], axis=-1, keepdims=True)
        outputs = outputs.write(t + 1, total)  # 下标多了 1
    return tf.transpose(outputs.stack(), [1, 0, 2])


answer = running_sum
