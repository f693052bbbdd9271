def log_losses(logdir, losses):
    writer = tf.summary.create_file_writer(logdir)
    with writer.as_default():
        for loss in losses:
            tf.summary.scalar("loss", loss)


answer = log_losses
