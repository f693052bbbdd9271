def too_high(y_true, y_pred):
    return y_pred > y_true  # 布尔张量


answer = too_high
