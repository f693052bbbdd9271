def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
        # 自己手写 L2：tf.nn.l2_loss(v) 已经是 sum(v²) / 2，再乘 0.5 就只剩一半
        loss += 0.5 * sum(tf.nn.l2_loss(v) for v in model.trainable_variables)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


answer = train_step
