def freeze_backbone(model, backbone, step):
    backbone.trainable = False
    return tf.function(lambda *args: step(*args))  # 外面是新的，里面调用的还是旧图


answer = freeze_backbone
