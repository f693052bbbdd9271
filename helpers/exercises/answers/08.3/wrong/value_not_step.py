def best_step(logdir):
    scalars = helpers.summaries.read_scalars(logdir)
    return min(value for step, value in scalars["loss"])  # 取到的是值


answer = best_step
