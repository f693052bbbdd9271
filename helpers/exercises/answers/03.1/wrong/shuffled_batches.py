def make_pipeline(images, labels, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((images, labels))
    dataset = dataset.map(lambda x, y: (tf.cast(x, tf.float32) / 255.0, y))
    return dataset.batch(batch_size).shuffle(len(labels))  # 先分批再打乱


answer = make_pipeline
