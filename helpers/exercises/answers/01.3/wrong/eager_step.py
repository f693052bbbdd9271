def freeze_backbone(model, backbone, step):
    backbone.trainable = False
    return step.python_function


answer = freeze_backbone
