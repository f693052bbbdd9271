def reported_loss(model, x, y, batch_size):
    cross_entropy = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    losses, sizes = [], []
    for start in range(0, len(x), batch_size):  # 和 evaluate 一样切成批次
        part = slice(start, start + batch_size)
        losses.append(float(cross_entropy(y[part], model(x[part], training=False))))
        sizes.append(len(x[part]))
    prediction_loss = np.average(losses, weights=sizes)  # 按各批次的样本数加权
    return float(prediction_loss + tf.add_n(model.losses))  # 再加上正则化损失


answer = reported_loss
