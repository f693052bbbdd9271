def fit_eagerly(model, x, y):
    tf.config.run_functions_eagerly(True)  # 全局开关，而且忘了关
    model.compile(optimizer="sgd", loss="mse")
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)


answer = fit_eagerly
