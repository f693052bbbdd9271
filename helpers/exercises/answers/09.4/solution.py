def first_bad_op(fn, x):
    tf.debugging.enable_check_numerics()
    try:
        tf.function(fn.python_function)(x)  # 打开检查之后才追踪：新图里有检查算子
    except tf.errors.InvalidArgumentError as err:
        return helpers.debugging.check_numerics_op(err)[0]
    finally:
        tf.debugging.disable_check_numerics()  # 出了异常、从 except 里 return，也会关掉
    return None


answer = first_bad_op
