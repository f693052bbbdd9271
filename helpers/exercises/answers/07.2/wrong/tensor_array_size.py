@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    ta = tf.TensorArray(tf.float32, size=tf.shape(x)[0])  # 批大小，不是时间步数
    acc = tf.zeros([tf.shape(x)[0], 1])
    for t in tf.range(tf.shape(x)[1]):
        acc += tf.reduce_sum(x[:, t], axis=1, keepdims=True)
        ta = ta.write(t, acc)
    return tf.transpose(ta.stack(), [1, 0, 2])


answer = running_sum
