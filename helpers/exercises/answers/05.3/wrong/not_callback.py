class StopBelow:
    def __init__(self, threshold):
        self.threshold = threshold

    def on_epoch_end(self, epoch, logs=None):
        if logs["loss"] < self.threshold:
            self.model.stop_training = True


answer = StopBelow
