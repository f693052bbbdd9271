def reported_loss(model, x, y):
    cross_entropy = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    return float(cross_entropy(y, model(x, training=False)))


answer = reported_loss
