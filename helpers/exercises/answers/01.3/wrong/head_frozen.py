def freeze_backbone(model, backbone, step):
    model.trainable = False
    return tf.function(step.python_function)


answer = freeze_backbone
