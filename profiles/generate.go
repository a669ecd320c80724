package profiles

// builtin_table.go is the Go form of *.yaml, so that no start of terse
// parses YAML; README.md lists the tools from the same YAML.
//go:generate go run ../internal/gen/builtintable -yaml . -table builtin_table.go -readme ../README.md
