import tempfile
from pathlib import Path

# 上一次尝试把 preprocess 用了两次，已经把缓存文件写好了
cache_file = str(Path(tempfile.mkdtemp()) / "cache")
list(tf.data.Dataset.range(20).map(lambda x: x * 100).cache(cache_file))


def epoch_pipeline(dataset, preprocess):
    # 改对了，文件名却没换：cache(文件名) 直接读上一次留下的文件
    return dataset.map(preprocess).cache(cache_file).shuffle(20)


answer = epoch_pipeline
