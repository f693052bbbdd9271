answer = "train_with_early_stopping"
