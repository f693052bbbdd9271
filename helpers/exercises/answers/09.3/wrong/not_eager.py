def fit_eagerly(model, x, y):
    model.compile(optimizer="sgd", loss="mse")
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)


answer = fit_eagerly
