def reported_loss(model, x, y, batch_size):
    cross_entropy = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    return float(cross_entropy(y, model(x, training=False)))


answer = reported_loss
