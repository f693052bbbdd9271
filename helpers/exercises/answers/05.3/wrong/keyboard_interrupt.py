class StopBelow(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold

    def on_epoch_end(self, epoch, logs=None):
        if logs["loss"] < self.threshold:
            raise KeyboardInterrupt


answer = StopBelow
