package jsonshape

import (
	"errors"
	"fmt"
	"strings"

	"github.com/itchyny/gojq"

	"github.com/terse-dev/terse/internal/filters"
)

// JQError is a jq expression that does not compile, with where it went
// wrong.
type JQError struct {
	Expr string
	// Offset is the byte offset of the problem in Expr; -1 when unknown.
	Offset int
	Err    error
}

// Error shows the message, then the line of the expression at fault with a
// caret under the column.
func (e *JQError) Error() string {
	msg := "--jq: " + e.Err.Error()
	if e.Offset < 0 {
		return msg + "\n  " + strings.ReplaceAll(e.Expr, "\n", "\n  ")
	}
	start := strings.LastIndexByte(e.Expr[:e.Offset], '\n') + 1
	end := strings.IndexByte(e.Expr[e.Offset:], '\n')
	if end < 0 {
		end = len(e.Expr)
	} else {
		end += e.Offset
	}
	line := e.Expr[start:end]
	var caret strings.Builder
	for _, r := range e.Expr[start:e.Offset] {
		if r == '\t' {
			caret.WriteByte('\t') // a tab lines up under a tab, whatever its width
		} else {
			caret.WriteByte(' ')
		}
	}
	if strings.Contains(e.Expr, "\n") {
		row := strings.Count(e.Expr[:start], "\n") + 1
		msg += fmt.Sprintf(" (line %d)", row)
	}
	return msg + "\n  " + line + "\n  " + caret.String() + "^"
}

func (e *JQError) Unwrap() error { return e.Err }

// Compiled on first use: terse starts once per wrapped command.
var (
	undefinedFunc = filters.Lazy(`^function not defined: ([A-Za-z_][A-Za-z0-9_:]*)/\d+$`)
	undefinedVar  = filters.Lazy(`^variable not defined: (\$[A-Za-z_][A-Za-z0-9_]*)$`)
)

// CompileJQ compiles a jq program. Its errors are *JQError.
func CompileJQ(expr string) (*gojq.Code, error) {
	q, err := gojq.Parse(expr)
	if err != nil {
		off := -1
		var pe *gojq.ParseError
		if errors.As(err, &pe) {
			// Offset is where the lexer stood after the bad token.
			off = max(0, min(len(expr), pe.Offset-len(pe.Token)))
		}
		return nil, &JQError{Expr: expr, Offset: off, Err: fmt.Errorf("syntax error: %w", err)}
	}
	code, err := gojq.Compile(q)
	if err != nil {
		// Compile errors carry no position; point at the first use of the
		// name they are about.
		off := -1
		msg := err.Error()
		if m := undefinedFunc.FindStringSubmatch(msg); m != nil {
			off = findName(expr, m[1])
		} else if m := undefinedVar.FindStringSubmatch(msg); m != nil {
			off = findName(expr, m[1])
		}
		return nil, &JQError{Expr: expr, Offset: off, Err: err}
	}
	return code, nil
}

// findName returns the offset of name in expr as a whole word, or -1.
func findName(expr, name string) int {
	for i := 0; i+len(name) <= len(expr); {
		j := strings.Index(expr[i:], name)
		if j < 0 {
			return -1
		}
		at := i + j
		after := at + len(name)
		if (at == 0 || !identByte(expr[at-1])) && (after == len(expr) || !identByte(expr[after])) {
			return at
		}
		i = at + 1
	}
	return -1
}

func identByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// RunJQ runs code over the plain value v and returns its outputs, ordered.
func RunJQ(code *gojq.Code, v any) ([]any, error) {
	var out []any
	it := code.Run(Plain(v))
	for {
		r, ok := it.Next()
		if !ok {
			return out, nil
		}
		if err, isErr := r.(error); isErr {
			var halt *gojq.HaltError
			if errors.As(err, &halt) && halt.Value() == nil {
				return out, nil
			}
			return out, err
		}
		out = append(out, FromPlain(r))
	}
}
