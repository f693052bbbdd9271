def epoch_pipeline(dataset, preprocess):
    dataset = dataset.map(preprocess).cache()
    return dataset.shuffle(1000).prefetch(tf.data.AUTOTUNE)  # 末尾加预取也对


answer = epoch_pipeline
