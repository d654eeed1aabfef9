print("boxdim: to be written")
