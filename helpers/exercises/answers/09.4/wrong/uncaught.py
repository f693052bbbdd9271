def first_bad_op(fn, x):
    tf.debugging.enable_check_numerics()
    try:
        tf.function(fn.python_function)(x)  # 报错穿过这个函数，没有取出算子类型
    finally:
        tf.debugging.disable_check_numerics()
    return None


answer = first_bad_op
