def first_bad_op(fn, x):
    tf.debugging.enable_check_numerics()
    try:
        fn(x)  # 打开检查之前就追踪好的旧图
    except tf.errors.InvalidArgumentError as err:
        return helpers.debugging.check_numerics_op(err)[0]
    finally:
        tf.debugging.disable_check_numerics()
    return None


answer = first_bad_op
