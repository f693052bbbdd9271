def too_high(y_true, y_pred):
    share = tf.reduce_mean(tf.cast(y_pred > y_true, tf.float32))  # 整批偏高的比例
    return tf.zeros_like(y_true) + share  # 铺到每个样本上：形状对了，值却不是 0 或 1


answer = too_high
