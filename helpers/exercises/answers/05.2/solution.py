def too_high(y_true, y_pred):
    return tf.cast(y_pred > y_true, tf.float32)  # 只用 TensorFlow 算子


answer = too_high
