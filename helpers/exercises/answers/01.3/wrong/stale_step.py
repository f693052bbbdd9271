def freeze_backbone(model, backbone, step):
    backbone.trainable = False
    return step  # 冻结之前追踪好的图


answer = freeze_backbone
