def log_losses(logdir, losses):
    writer = tf.summary.create_file_writer(logdir)

    @tf.function
    def write_all(values):
        for step in tf.range(tf.shape(values)[0]):  # 计算图里的循环
            tf.summary.scalar("loss", values[step], step=tf.cast(step, tf.int64))

    with writer.as_default():
        write_all(tf.constant(losses))
    writer.close()


answer = log_losses
