def make_pipeline(images, labels, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((images, labels))
    dataset = dataset.map(lambda x, y: ((tf.cast(x, tf.float32) - 127.5) / 127.5, y))  # 缩放到了 -1 到 1
    return dataset.shuffle(100).batch(batch_size)


answer = make_pipeline
