def fit_eagerly(model, x, y):
    tf.config.run_functions_eagerly(True)  # 全局开关：用完关上了，但训练时影响所有 tf.function
    model.compile(optimizer="sgd", loss="mse")
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)
    tf.config.run_functions_eagerly(False)


answer = fit_eagerly
