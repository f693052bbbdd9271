# 练习 02.2：补全 make_optimizer
def make_optimizer():
    ...  # TODO：返回一个 keras.optimizers.Adadelta


answer = make_optimizer
