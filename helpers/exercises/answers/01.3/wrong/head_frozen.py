def freeze_backbone(model, backbone):
    model.trainable = False


answer = freeze_backbone
