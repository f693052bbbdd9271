@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    total = tf.zeros([tf.shape(x)[0], 1])
    outputs = tf.zeros([tf.shape(x)[0], 0, 1])
    for t in tf.range(tf.shape(x)[1]):
        tf.autograph.experimental.set_loop_options(
            shape_invariants=[(outputs, tf.TensorShape([None, None, 1]))])
        total += tf.reduce_sum(x[:, t], axis=-1, keepdims=True)
        outputs = tf.concat([outputs, total[:, None]], axis=1)  # 声明了形状不变式
    return outputs


answer = running_sum
