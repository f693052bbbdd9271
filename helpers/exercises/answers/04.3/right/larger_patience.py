def train_with_early_stopping(model, x_train, y_train, x_val, y_val):
    callbacks = [
        keras.callbacks.EarlyStopping(patience=3, restore_best_weights=True),  # 默认看 val_loss
    ]
    return model.fit(
        x_train, y_train, batch_size=4, epochs=200,
        validation_data=(x_val, y_val), callbacks=callbacks, verbose=0,
    )


answer = train_with_early_stopping
