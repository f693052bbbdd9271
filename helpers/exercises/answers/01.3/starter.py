# 练习 01.3：补全 freeze_backbone
def freeze_backbone(model, backbone, step):
    ...  # TODO：冻结 backbone，再返回从现在起用来训练的训练步


answer = freeze_backbone
