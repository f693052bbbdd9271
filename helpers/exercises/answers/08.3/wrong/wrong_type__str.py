def best_step(logdir):
    points = helpers.summaries.read_scalars(logdir)["loss"]
    return str(min(points, key=lambda p: p[1])[0])  # 字符串，不是整数


answer = best_step
