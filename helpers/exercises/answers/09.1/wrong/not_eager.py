def call_each_eagerly(fn, xs):
    return [fn(x) for x in xs]


answer = call_each_eagerly
