def train_step(model, optimizer, x, y):
    prediction = model(x, training=True)
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(prediction - y))  # 前向传播在 GradientTape 外面
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


answer = train_step
