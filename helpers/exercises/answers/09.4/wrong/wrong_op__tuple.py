def first_bad_op(fn, x):
    tf.debugging.enable_check_numerics()
    try:
        tf.function(fn.python_function)(x)
    except tf.errors.InvalidArgumentError as err:
        return helpers.debugging.check_numerics_op(err)  # 整个 (算子类型, 输出编号)，少了 [0]
    finally:
        tf.debugging.disable_check_numerics()
    return None


answer = first_bad_op
