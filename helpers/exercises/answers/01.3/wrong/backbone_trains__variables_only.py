def freeze_backbone(model, backbone, step):
    for variable in backbone.weights:
        variable.trainable = False  # 变量不可训练了，层本身还是 trainable
    return tf.function(step.python_function)


answer = freeze_backbone
