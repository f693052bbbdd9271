answer = {"SGD", "Adagrad", "Adadelta", "Adamax", "Nadam"}
