def epoch_pipeline(dataset, preprocess):
    return dataset.map(preprocess).shuffle(1000)  # 没有缓存：每轮都重新处理


answer = epoch_pipeline
