def first_bad_op(fn, x):
    tf.debugging.enable_check_numerics()
    try:
        fn.python_function(x)  # 即时执行：每个算子一算完就检查
    except tf.errors.InvalidArgumentError as err:
        return helpers.debugging.check_numerics_op(err)[0]
    finally:
        tf.debugging.disable_check_numerics()
    return None


answer = first_bad_op
