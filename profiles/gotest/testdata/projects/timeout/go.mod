module example.com/timeout

go 1.22
