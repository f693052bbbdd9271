def too_high(y_pred, y_true):
    return tf.cast(y_pred > y_true, tf.float32)


answer = too_high
