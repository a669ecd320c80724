module example.com/loggo

go 1.22
