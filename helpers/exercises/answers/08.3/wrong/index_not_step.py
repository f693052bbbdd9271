def best_step(logdir):
    scalars = helpers.summaries.read_scalars(logdir)
    values = [value for _, value in scalars["loss"]]
    return int(np.argmin(values))  # 列表里的位置，不是 step


answer = best_step
