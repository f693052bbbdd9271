answer = "sum_of_squares"
