# 练习 01.3：补全 freeze_backbone
def freeze_backbone(model, backbone):
    ...  # TODO：冻结 backbone，头部照常训练


answer = freeze_backbone
