def make_optimizer():
    return keras.optimizers.Adadelta(learning_rate=1.0)  # TF1 `tf.keras` 的默认值，显式写出来


answer = make_optimizer
