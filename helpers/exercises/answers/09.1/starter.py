# 练习 09.1：补全 call_each_eagerly
def call_each_eagerly(fn, xs):
    ...  # TODO：打开开关，逐个调用，最后关掉


answer = call_each_eagerly
