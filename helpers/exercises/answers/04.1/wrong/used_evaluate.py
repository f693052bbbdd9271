def reported_loss(model, x, y):
    return model.evaluate(x, y, verbose=0)


answer = reported_loss
