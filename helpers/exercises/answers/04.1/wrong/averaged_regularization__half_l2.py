def reported_loss(model, x, y, batch_size):
    cross_entropy = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    penalty = 0.0
    for layer in model.layers:  # 按 TF1 的习惯手算 L2
        regularizer = getattr(layer, "kernel_regularizer", None)
        if regularizer is not None:  # tf.nn.l2_loss 是 Σw² / 2，多了一个 1/2
            penalty += regularizer.l2 * float(tf.nn.l2_loss(layer.kernel))
    return float(cross_entropy(y, model(x, training=False))) + penalty


answer = reported_loss
