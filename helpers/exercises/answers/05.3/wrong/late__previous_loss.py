class StopBelow(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold
        self.previous = None

    def on_epoch_end(self, epoch, logs=None):
        if self.previous is not None and self.previous < self.threshold:  # 先比较上一轮的损失
            self.model.stop_training = True
        self.previous = logs["loss"]  # 之后才记下这一轮的


answer = StopBelow
