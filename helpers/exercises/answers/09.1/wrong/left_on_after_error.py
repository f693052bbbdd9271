def call_each_eagerly(fn, xs):
    tf.config.run_functions_eagerly(True)
    results = [fn(x) for x in xs]
    tf.config.run_functions_eagerly(False)  # fn 抛出异常时，这一行不会运行
    return results


answer = call_each_eagerly
