def epoch_pipeline(dataset, preprocess):
    # 缓存存下处理好、还没打乱的元素；shuffle 在缓存后面，每轮重新打乱
    return dataset.map(preprocess).cache().shuffle(1000)


answer = epoch_pipeline
