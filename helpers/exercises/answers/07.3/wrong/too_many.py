answer = 6  # 以为每次调用都追踪
