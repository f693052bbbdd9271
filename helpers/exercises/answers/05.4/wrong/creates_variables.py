def make_step(model, loss_fn):
    @tf.function
    def step(x, y):
        optimizer = keras.optimizers.SGD(0.1)
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        gradients = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        return loss

    return step


answer = make_step
