# 练习 08.2：补全 log_losses
def log_losses(logdir, losses):
    # 先用 tf.summary.create_file_writer(logdir) 创建写入器
    ...  # TODO：在写入器里逐个写下损失


answer = log_losses
