answer = {"Adagrad", "Adadelta"}
