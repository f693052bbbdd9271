def log_losses(logdir, losses):
    writer = tf.summary.create_file_writer(logdir)
    # 条件恒为假：在写入器里，tf.summary.scalar 也只返回 False，什么都不写
    with writer.as_default(), tf.summary.record_if(lambda: False):
        for step, loss in enumerate(losses):
            tf.summary.scalar("loss", loss, step=step)


answer = log_losses
