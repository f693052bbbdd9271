@tf.function
def safe_log(x):
    return tf.math.log(x)


answer = safe_log
