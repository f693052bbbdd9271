def make_pipeline(images, labels, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((images, labels))
    dataset = dataset.map(lambda x, y: (tf.cast(x, tf.float32) / 255.0, y))
    return dataset.shuffle(len(labels) // 2).batch(batch_size)  # 只有样本数的一半


answer = make_pipeline
