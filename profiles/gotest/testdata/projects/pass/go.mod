module example.com/pass

go 1.22
