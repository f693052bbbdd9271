def freeze_backbone(model, backbone):
    for variable in backbone.trainable_variables:
        variable.assign(tf.zeros_like(variable))  # 改了值，没有冻结


answer = freeze_backbone
