def make_batches(x, y, global_batch_size):
    return tf.data.Dataset.from_tensor_slices((x, y))  # 忘了分批


answer = make_batches
