def make_pipeline(images, labels, batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((images, labels))
    return dataset.shuffle(len(labels)).batch(batch_size)


answer = make_pipeline
