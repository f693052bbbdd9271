def too_high(y_true, y_pred):
    return tf.sign(y_pred - y_true)  # 偏低时是 -1


answer = too_high
