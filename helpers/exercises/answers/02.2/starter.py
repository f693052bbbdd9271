# 练习 02.2：默认学习率变了的优化器
answer = ...  # TODO：例如 {"SGD", "Adam"}
