def make_batches(x, y, global_batch_size):
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size // 2)


answer = make_batches
