def train_with_early_stopping(model, x_train, y_train, x_val, y_val):
    return model.fit(
        x_train, y_train, epochs=100, validation_data=(x_val, y_val), verbose=0
    )


answer = train_with_early_stopping
