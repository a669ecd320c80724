package profiles

// builtin_table.go is the Go form of */profile.yaml, so that no start of
// terse parses YAML; README.md lists the tools from the same YAML, and
// internal/commands the commands they claim (written here too, so that
// `go generate ./profiles` is the one step after adding a profile folder).
//go:generate go run ../internal/gen/builtintable -yaml . -table builtin_table.go -claims ../internal/commands/builtin_table.go -readme ../README.md
