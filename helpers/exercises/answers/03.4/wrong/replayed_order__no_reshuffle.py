def epoch_pipeline(dataset, preprocess):
    dataset = dataset.map(preprocess).cache()
    return dataset.shuffle(1000, reshuffle_each_iteration=False)  # 每轮同一个顺序


answer = epoch_pipeline
