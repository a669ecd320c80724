module example.com/benchproject

go 1.22
