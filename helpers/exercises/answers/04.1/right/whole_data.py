def reported_loss(model, x, y, batch_size):
    cross_entropy = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    prediction_loss = cross_entropy(y, model(x, training=False))
    # 推理模式下各样本互不影响：按样本数加权的批次平均 = 一次算完全部样本的平均
    return float(prediction_loss + tf.add_n(model.losses))  # 再加上正则化损失


answer = reported_loss
