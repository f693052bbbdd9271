def freeze_backbone(model, backbone, step):
    for layer in backbone.layers:
        layer.trainable = False

    @tf.function
    def new_step(model, optimizer, x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    return new_step


answer = freeze_backbone
