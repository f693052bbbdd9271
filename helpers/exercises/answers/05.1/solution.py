def make_batches(x, y, global_batch_size):
    dataset = tf.data.Dataset.from_tensor_slices((x, y))
    return dataset.batch(global_batch_size, drop_remainder=True)  # 每批都完整


answer = make_batches
