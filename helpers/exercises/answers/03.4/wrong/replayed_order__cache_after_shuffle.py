def epoch_pipeline(dataset, preprocess):
    return dataset.map(preprocess).shuffle(1000).cache()  # 缓存存下了第一轮的顺序


answer = epoch_pipeline
