# 练习 03.1：补全 make_pipeline
def make_pipeline(images, labels, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((images, labels))
    dataset = ...  # TODO：缩放、打乱、分批
    return dataset


answer = make_pipeline
