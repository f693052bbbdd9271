def too_high(y_true, y_pred):
    return np.greater(np.asarray(y_pred), np.asarray(y_true)).astype("float32")


answer = too_high
