@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    x = tf.transpose(x, [1, 0, 2])
    outputs = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
    total = tf.zeros([tf.shape(x)[1], 1])
    for t, xt in enumerate(x):  # AutoGraph 不改写 enumerate(张量)
        total += tf.reduce_sum(xt, axis=-1, keepdims=True)
        outputs = outputs.write(t, total)
    return tf.transpose(outputs.stack(), [1, 0, 2])


answer = running_sum
