class StopBelow(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold

    def on_epoch_begin(self, epoch, logs=None):
        if logs["loss"] < self.threshold:
            self.model.stop_training = True


answer = StopBelow
