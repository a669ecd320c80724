module example.com/logs

go 1.22
