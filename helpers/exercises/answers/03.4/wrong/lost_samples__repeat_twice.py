def epoch_pipeline(dataset, preprocess):
    return dataset.map(preprocess).cache().shuffle(20).repeat(2)  # 一轮给出了两遍


answer = epoch_pipeline
