class StopBelow(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold

    def on_epoch_end(self, epoch, logs=None):
        if logs["loss"] < self.threshold:
            self.model.stop_training = True  # fit 在这一轮之后看到它，就不再开始下一轮


answer = StopBelow
