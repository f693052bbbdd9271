# 练习 05.2：补全 too_high
def too_high(y_true, y_pred):
    ...  # TODO


answer = too_high
