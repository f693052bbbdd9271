def call_each_eagerly(fn, xs):
    tf.config.run_functions_eagerly(True)
    try:
        return [fn(x) for x in xs]
    except Exception:
        return []  # 异常被吞掉了
    finally:
        tf.config.run_functions_eagerly(False)


answer = call_each_eagerly
