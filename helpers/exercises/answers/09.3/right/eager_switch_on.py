tf.config.run_functions_eagerly(True)  # 练习 09.1 的实验留下的，还开着


def fit_eagerly(model, x, y):
    model.compile(optimizer="sgd", loss="mse", run_eagerly=True)  # 参考答案：只影响这个模型
    model.fit(x, y, batch_size=4, epochs=1, verbose=0)


answer = fit_eagerly
