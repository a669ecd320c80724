package commands

// builtin_table.go is what the built-in profiles (profiles/*/profile.yaml) claim.
//go:generate go run ../gen/builtintable -yaml ../../profiles -claims builtin_table.go
