@tf.function(input_signature=[tf.TensorSpec([None, None, 3], tf.float32)])
def running_sum(x):
    x = tf.transpose(x, [1, 0, 2])  # [时间, 批, 3]
    outputs = tf.TensorArray(tf.float32, size=tf.shape(x)[0])
    total = tf.zeros([tf.shape(x)[1], 1])
    t = 0
    for xt in x:  # 直接遍历张量：AutoGraph 同样改写成 While 算子
        total += tf.reduce_sum(xt, axis=-1, keepdims=True)
        outputs = outputs.write(t, total)
        t += 1
    return tf.transpose(outputs.stack(), [1, 0, 2])


answer = running_sum
