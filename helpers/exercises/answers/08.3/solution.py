def best_step(logdir):
    scalars = helpers.summaries.read_scalars(logdir)
    step, _ = min(scalars["loss"], key=lambda point: point[1])  # 按值找最小，返回它的 step
    return step


answer = best_step
