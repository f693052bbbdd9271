def epoch_pipeline(dataset, preprocess):
    return dataset.cache().shuffle(1000)  # 忘了 map(preprocess)


answer = epoch_pipeline
