def call_each_eagerly(fn, xs):
    return [fn.python_function(x) for x in xs]  # 绕过 tf.function，直接调用装饰之前的 Python 函数


answer = call_each_eagerly
