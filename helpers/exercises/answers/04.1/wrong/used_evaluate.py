def reported_loss(model, x, y, batch_size):
    return model.evaluate(x, y, verbose=0)


answer = reported_loss
