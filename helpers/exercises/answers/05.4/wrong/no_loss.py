def make_step(model, loss_fn):
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x, training=True))
        gradients = tape.gradient(loss, model.trainable_variables)
        model.optimizer.apply_gradients(zip(gradients, model.trainable_variables))

    return tf.function(step)  # 只包一次：之后每次调用执行的都是同一张计算图


answer = make_step
