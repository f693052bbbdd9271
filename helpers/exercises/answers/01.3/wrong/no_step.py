def freeze_backbone(model, backbone, step):
    backbone.trainable = False


answer = freeze_backbone
