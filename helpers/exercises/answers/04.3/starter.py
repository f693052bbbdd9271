# 练习 04.3：补全 train_with_early_stopping
def train_with_early_stopping(model, x_train, y_train, x_val, y_val):
    ...  # TODO：用 EarlyStopping 按验证集选轮数、装回最好一轮，返回 fit 的返回值


answer = train_with_early_stopping
