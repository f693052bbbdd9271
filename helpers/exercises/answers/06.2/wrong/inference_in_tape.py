def train_step(model, optimizer, x, y):
    model(x, training=True)  # 在 GradientTape 外面：只更新了滑动均值
    with tf.GradientTape() as tape:
        prediction = model(x)  # 梯度按推理模式算
        loss = tf.reduce_mean(tf.square(prediction - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


answer = train_step
