def epoch_pipeline(dataset, preprocess):
    return dataset.cache().map(preprocess).shuffle(1000)  # 缓存存下的是没处理的元素


answer = epoch_pipeline
