def reported_loss(model, x, y, batch_size):
    # 函数形式给出每个样本一个损失，float() 只能转换一个数
    per_sample = keras.losses.sparse_categorical_crossentropy(
        y, model(x, training=False), from_logits=True
    )
    return float(per_sample) + float(sum(model.losses))


answer = reported_loss
