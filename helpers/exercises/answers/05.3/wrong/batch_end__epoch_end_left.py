class StopBelow(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold

    def on_train_batch_end(self, batch, logs=None):
        if logs["loss"] < self.threshold:
            self.model.stop_training = True

    def on_epoch_end(self, epoch, logs=None):
        ...  # 模板里的方法没删


answer = StopBelow
