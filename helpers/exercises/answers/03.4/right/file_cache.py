import tempfile
from pathlib import Path

cache_file = str(Path(tempfile.mkdtemp()) / "cache")  # 每次运行一个新的文件名


def epoch_pipeline(dataset, preprocess):
    return dataset.map(preprocess).cache(cache_file).shuffle(1000)


answer = epoch_pipeline
