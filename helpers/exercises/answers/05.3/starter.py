# 练习 05.3：补全 StopBelow
class StopBelow(keras.callbacks.Callback):
    def __init__(self, threshold):
        super().__init__()
        self.threshold = threshold

    def on_epoch_end(self, epoch, logs=None):
        ...  # TODO：这一轮的训练损失低于 self.threshold 时，让 fit 停下


answer = StopBelow
