tf.config.run_functions_eagerly(True)  # 开着时不追踪，追踪次数是 0


@tf.function
def running_sum(x):
    total = tf.zeros([tf.shape(x)[0], 1])
    outputs = []
    for t in range(x.shape[1]):  # Python 循环：长度在追踪时写死
        total += tf.reduce_sum(x[:, t], axis=-1, keepdims=True)
        outputs.append(total)
    return tf.stack(outputs, axis=1)


answer = running_sum
