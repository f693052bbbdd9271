def train_with_early_stopping(model, x_train, y_train, x_val, y_val):
    stop = keras.callbacks.EarlyStopping(
        monitor="val_loss", patience=2, restore_best_weights=True
    )
    return model.fit(
        x_train, y_train, epochs=100, validation_data=(x_val, y_val),
        callbacks=[stop], verbose=0,
    )


answer = train_with_early_stopping
