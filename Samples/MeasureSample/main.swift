import Dimensioning
print("sample: to be written")
