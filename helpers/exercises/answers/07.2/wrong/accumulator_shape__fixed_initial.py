@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    x = tf.transpose(x, [1, 0, 2])
    steps = tf.shape(x)[0]
    outputs = tf.TensorArray(tf.float32, size=steps)
    total = tf.zeros([1])  # 初值 (1,)，和 [批, 1] 相加广播成 [批, 1]
    for t in tf.range(steps):
        total += tf.reduce_sum(x[t], axis=-1, keepdims=True)
        outputs = outputs.write(t, total)
    return tf.transpose(outputs.stack(), [1, 0, 2])


answer = running_sum
