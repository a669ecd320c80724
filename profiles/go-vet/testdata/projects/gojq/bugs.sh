#!/bin/sh
# Puts bugs into a copy of gojq v0.12.20 (from the Go module cache): four
# that go vet reports (printf verbs and arguments that do not match, a
# self-assignment) and, with the argument "build", three that stop the
# build (a wrong number of return values, an undefined name, a string
# assigned to an int).
set -e
cd "$1"
sed -i 's/return fmt.Errorf("cannot load module: %q", path)/return fmt.Errorf("cannot load module: %d", path)/' compiler.go
sed -i 's/return fmt.Errorf("module not found: %q", path)/return fmt.Errorf("module not found: %q (%s)", path)/' compiler.go
sed -i 's/return fmt.Errorf("unexpected operator in Unary: %s", e.Op)/return fmt.Errorf("unexpected operator in Unary: %s", e.Op, e)/' compiler.go
sed -i 's/^func newLexer(src string) \*lexer {$/func newLexer(src string) *lexer {\n\tsrc = src/' lexer.go
if [ "${2:-}" = build ]; then
  echo 'var _ int = "not an int"' >>encoder.go
  sed -i 's/return nil, fmt.Errorf("invalid pattern: %s", p)/return fmt.Errorf("invalid pattern: %s", p)/' compiler.go
  sed -i '0,/^func (c \*compiler) compileModule(/s//var _ = undefinedName\n\nfunc (c *compiler) compileModule(/' compiler.go
fi
