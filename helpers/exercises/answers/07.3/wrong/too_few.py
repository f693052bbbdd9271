answer = 2  # 以为只有 Python 值会引起追踪
