tf.config.run_functions_eagerly(True)  # 开着时不追踪：检查要临时关掉它才数得对
answer = 4
