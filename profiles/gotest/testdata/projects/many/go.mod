module example.com/many

go 1.22
