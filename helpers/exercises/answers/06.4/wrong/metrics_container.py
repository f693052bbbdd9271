class WeightedStepModel(keras.Sequential):
    def train_step(self, data):
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            # Keras 2 指南的写法（Keras 3 里已弃用）
            loss = self.compiled_loss(
                y, y_pred, sample_weight=sample_weight, regularization_losses=self.losses
            )
            scaled_loss = self.optimizer.scale_loss(loss)
        gradients = tape.gradient(scaled_loss, self.trainable_variables)
        self.optimizer.apply(gradients, self.trainable_variables)
        self.compiled_metrics.update_state(y, y_pred, sample_weight=sample_weight)
        return {m.name: m.result() for m in self.metrics}


answer = WeightedStepModel
