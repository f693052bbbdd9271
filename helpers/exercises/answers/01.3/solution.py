def freeze_backbone(model, backbone, step):
    backbone.trainable = False  # 子模型的变量离开 model.trainable_variables
    return tf.function(step.python_function)  # 新的 tf.function：按冻结后的模型重新追踪


answer = freeze_backbone
