class WeightedStepModel(keras.Sequential):
    def train_step(self, data):
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            # 自己调用损失对象：样本权重给了，正则化损失却没有加
            loss = keras.losses.MeanSquaredError()(y, y_pred, sample_weight=sample_weight)
            scaled_loss = self.optimizer.scale_loss(loss)
        gradients = tape.gradient(scaled_loss, self.trainable_variables)
        self.optimizer.apply(gradients, self.trainable_variables)
        loss_tracker = next(m for m in self.metrics if m.name == "loss")
        replicas = self.distribute_strategy.num_replicas_in_sync
        loss_tracker.update_state(loss * replicas, sample_weight=tf.shape(x)[0])
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


answer = WeightedStepModel
