def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        mse = tf.reduce_mean(tf.square(model(x, training=True) - y))
        loss = mse + tf.compat.v1.losses.get_regularization_loss()  # TF1 的集合，在 TF2 里是 0
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss


answer = train_step
