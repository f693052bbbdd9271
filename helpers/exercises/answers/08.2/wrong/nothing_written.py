def log_losses(logdir, losses):
    writer = tf.summary.create_file_writer(logdir)  # noqa: F841 - 建了写入器，却没有在它里面写
    for step, loss in enumerate(losses):
        tf.summary.scalar("loss", loss, step=step)  # 不在写入器里：不会写到任何地方


answer = log_losses
