module example.com/nulgo

go 1.22
