def make_batches(x, y, global_batch_size):
    missing = -len(x) % global_batch_size  # 补几个样本才凑满最后一批
    x = np.concatenate([x, np.zeros((missing, *x.shape[1:]), x.dtype)])
    y = np.concatenate([y, np.zeros(missing, y.dtype)])  # 编出来的样本和标签
    return tf.data.Dataset.from_tensor_slices((x, y)).batch(global_batch_size)


answer = make_batches
