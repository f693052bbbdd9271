@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    total = tf.zeros([tf.shape(x)[0], 1])
    outputs = []
    for t in range(x.shape[1]):
        total += tf.reduce_sum(x[:, t], axis=-1, keepdims=True)
        outputs.append(total)
    return tf.stack(outputs, axis=1)


answer = running_sum
