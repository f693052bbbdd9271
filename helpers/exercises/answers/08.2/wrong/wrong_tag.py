def log_losses(logdir, losses):
    writer = tf.summary.create_file_writer(logdir)
    with writer.as_default():
        for step, loss in enumerate(losses):
            tf.summary.scalar("train_loss", loss, step=step)  # 标记不是 "loss"


answer = log_losses
