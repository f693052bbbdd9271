@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    x = tf.transpose(x, [1, 0, 2])
    outputs = tf.TensorArray(tf.float32, size=x.shape[0] or 0)  # 静态长度是 None，size 成了 0
    total = tf.zeros([tf.shape(x)[1], 1])
    for t in tf.range(tf.shape(x)[0]):
        total += tf.reduce_sum(x[t], axis=-1, keepdims=True)
        outputs = outputs.write(t, total)
    return tf.transpose(outputs.stack(), [1, 0, 2])


answer = running_sum
