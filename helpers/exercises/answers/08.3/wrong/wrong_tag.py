def best_step(logdir):
    scalars = helpers.summaries.read_scalars(logdir)
    return max(scalars["accuracy"], key=lambda point: point[1])[0]  # 看的是准确率


answer = best_step
