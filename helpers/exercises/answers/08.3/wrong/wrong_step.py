def best_step(logdir):
    scalars = helpers.summaries.read_scalars(logdir)
    step, _ = max(scalars["accuracy"], key=lambda point: point[1])  # 看错了标记
    return step + 5


answer = best_step
