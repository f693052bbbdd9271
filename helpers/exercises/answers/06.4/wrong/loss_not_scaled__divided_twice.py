class WeightedStepModel(keras.Sequential):
    def train_step(self, data):
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)
            scaled_loss = self.optimizer.scale_loss(loss)
        gradients = tape.gradient(scaled_loss, self.trainable_variables)
        # 自己把梯度除回来：apply 还会再除一次
        factor = self.optimizer.loss_scale_factor or 1.0
        gradients = [g / factor for g in gradients]
        self.optimizer.apply(gradients, self.trainable_variables)
        loss_tracker = next(m for m in self.metrics if m.name == "loss")
        loss_tracker.update_state(loss, sample_weight=tf.shape(x)[0])
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


answer = WeightedStepModel
