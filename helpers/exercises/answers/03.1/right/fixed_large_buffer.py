def make_pipeline(images, labels, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((images, labels))
    dataset = dataset.shuffle(10_000)  # 固定的缓冲区，比样本数大：一样打乱得彻底
    dataset = dataset.map(lambda x, y: (tf.image.convert_image_dtype(x, tf.float32), y))
    return dataset.batch(batch_size).prefetch(tf.data.AUTOTUNE)


answer = make_pipeline
