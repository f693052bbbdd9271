def best_step(logdir):
    points = helpers.summaries.read_scalars(logdir)["loss"]
    return float(min(points, key=lambda p: p[1])[0])  # 15.0：浮点数，不是整数


answer = best_step
