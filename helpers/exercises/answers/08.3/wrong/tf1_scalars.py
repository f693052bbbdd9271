from tensorboard.backend.event_processing import event_accumulator


def best_step(logdir):
    accumulator = event_accumulator.EventAccumulator(logdir).Reload()
    points = accumulator.Scalars("loss")  # 网上常见的写法：TF2 的标量不在这里
    return min(points, key=lambda event: event.value).step


answer = best_step
