def freeze_backbone(model, backbone, step):
    backbone.get_layer("dense").trainable = False  # 只冻结了 Dense，BatchNormalization 还在训练
    return tf.function(step.python_function)


answer = freeze_backbone
