# 练习 06.2：补全 train_step
def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        prediction = ...  # TODO：以训练模式调用模型
        loss = tf.reduce_mean(tf.square(prediction - y))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


answer = train_step
