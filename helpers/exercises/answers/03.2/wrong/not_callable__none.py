answer = None
