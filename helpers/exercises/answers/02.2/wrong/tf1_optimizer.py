def make_optimizer():
    return tf.compat.v1.train.AdadeltaOptimizer(learning_rate=1.0)  # TF1 的优化器


answer = make_optimizer
