def log_losses(logdir, losses):
    writer = tf.summary.create_file_writer(logdir)
    writer.set_as_default()
    for step, loss in enumerate(losses):
        tf.summary.scalar("loss", loss, step=step)
    writer.flush()  # 写到磁盘上


answer = log_losses
