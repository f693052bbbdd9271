def train_with_early_stopping(model, x_train, y_train, x_val, y_val):
    stop = keras.callbacks.EarlyStopping(
        monitor="val_accuracy", mode="max", patience=1, restore_best_weights=True
    )
    history = model.fit(
        x_train, y_train, epochs=50, validation_data=(x_val, y_val),
        callbacks=[stop], verbose=0,
    )
    return history


answer = train_with_early_stopping
