def too_high(y_true, y_pred):
    n = tf.size(y_true, out_type=tf.int64)
    return tf.math.count_nonzero(y_pred > y_true) / n


answer = too_high
