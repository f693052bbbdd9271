def fit_eagerly(model, x, y):
    model.compile(optimizer="adam", loss="mae", run_eagerly=True)
    model.fit(x, y, batch_size=32, epochs=3, verbose=0)


answer = fit_eagerly
