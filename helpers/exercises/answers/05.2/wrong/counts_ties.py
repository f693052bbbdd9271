def too_high(y_true, y_pred):
    return tf.cast(y_pred >= y_true, tf.float32)  # 相等也算偏高


answer = too_high
