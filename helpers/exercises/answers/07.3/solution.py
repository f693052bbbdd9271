answer = 4  # [1.0]+True；[1.0]+False；长度 2 的 x；张量布尔值
