from tensorboard.backend.event_processing import event_accumulator


def best_step(logdir):
    accumulator = event_accumulator.EventAccumulator(logdir, size_guidance={"tensors": 0})
    events = accumulator.Reload().Tensors("loss")  # TF2 的标量是 0 维张量
    best = min(events, key=lambda event: float(tf.make_ndarray(event.tensor_proto)))
    return best.step


answer = best_step
