class WeightedStepModel(keras.Sequential):
    def train_step(self, data):
        x, y, sample_weight = keras.utils.unpack_x_y_sample_weight(data)
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x=x, y=y, y_pred=y_pred, sample_weight=sample_weight)
            # 像 Keras 自带的那样在 tape 里记录损失；self.metrics 的第一个就是损失指标
            self.metrics[0].update_state(loss, sample_weight=tf.shape(x)[0])
            scaled_loss = self.optimizer.scale_loss(loss)
        gradients = tape.gradient(scaled_loss, self.trainable_variables)
        self.optimizer.apply(gradients, self.trainable_variables)
        return self.compute_metrics(x, y, y_pred, sample_weight=sample_weight)


answer = WeightedStepModel
