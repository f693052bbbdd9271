# 练习 03.4：补全 epoch_pipeline
def epoch_pipeline(dataset, preprocess):
    dataset = ...  # TODO：map(preprocess)、cache() 和 shuffle，注意先后
    return dataset


answer = epoch_pipeline
