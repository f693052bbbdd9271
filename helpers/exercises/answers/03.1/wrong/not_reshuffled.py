def make_pipeline(images, labels, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((images, labels))
    dataset = dataset.map(lambda x, y: (tf.cast(x, tf.float32) / 255.0, y))
    # 每一轮都是同一个顺序
    return dataset.shuffle(len(labels), reshuffle_each_iteration=False).batch(batch_size)


answer = make_pipeline
