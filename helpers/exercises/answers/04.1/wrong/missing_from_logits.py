def reported_loss(model, x, y, batch_size):
    cross_entropy = keras.losses.SparseCategoricalCrossentropy()  # 忘了 from_logits=True
    return float(cross_entropy(y, model(x, training=False)) + tf.add_n(model.losses))


answer = reported_loss
