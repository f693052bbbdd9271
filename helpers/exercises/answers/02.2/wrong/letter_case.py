answer = {"adagrad", "adadelta", "adamax", "nadam"}
