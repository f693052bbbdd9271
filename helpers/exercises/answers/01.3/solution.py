def freeze_backbone(model, backbone):
    backbone.trainable = False  # 子模型的变量离开 model.trainable_variables


answer = freeze_backbone
