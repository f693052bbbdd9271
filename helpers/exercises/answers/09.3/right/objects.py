def fit_eagerly(model, x, y):
    model.compile(optimizer=keras.optimizers.SGD(), loss=keras.losses.MeanSquaredError(), run_eagerly=True)
    return model.fit(x, y, batch_size=4, epochs=1, verbose=0)


answer = fit_eagerly
