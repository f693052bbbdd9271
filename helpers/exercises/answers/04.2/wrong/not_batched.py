def image_batches(x, batch_size):
    for image in x:
        yield (image,)


answer = image_batches
