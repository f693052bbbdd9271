@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    outputs = tf.TensorArray(tf.float32, size=x.shape[1])  # 追踪时 x.shape[1] 是 None
    total = tf.zeros([tf.shape(x)[0], 1])
    for t in range(x.shape[1]):
        total += tf.reduce_sum(x[:, t], axis=1, keepdims=True)
        outputs = outputs.write(t, total)
    return tf.transpose(outputs.stack(), [1, 0, 2])


answer = running_sum
