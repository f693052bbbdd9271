def epoch_pipeline(dataset, preprocess):
    dataset = dataset.map(preprocess).map(preprocess).cache()  # preprocess 做了两次
    return dataset.shuffle(20)


answer = epoch_pipeline
