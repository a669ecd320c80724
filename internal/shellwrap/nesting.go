package shellwrap

import (
	"errors"
	"fmt"
)

// The shell parser descends one Go call per level of nesting, and a Go stack
// overflow is not a panic that can be recovered: it ends the process (exit
// 2, which from an agent's hook blocks the command). A command nested deep
// enough (about 141k levels of `(`, within the hook's 1 MiB payload) would do
// that, and far less already costs megabytes of stack. So before parsing,
// a byte scan bounds how deep the command could nest, counting every byte
// and word that can open a level, whether or not it does (quotes are not
// read: a closer in quotes must not hide an opener). Beyond either limit the
// command is left unchanged.
const (
	// MaxNesting bounds the openers of the levels that cost the parser the
	// most stack (up to about 4 KB each): ( { [ ` and the keywords that open
	// a compound command.
	MaxNesting = 1000
	// MaxOperators bounds the operators that nest in the parser (up to
	// about 600 bytes of stack each): pipes and && ||, ! and the
	// arithmetic and test operators that associate to the right or are
	// unary.
	MaxOperators = 10000
)

// ErrTooDeep is returned by Rewrite for a command that could nest deeper
// than it parses.
var ErrTooDeep = errors.New("the command could nest too deep to parse")

// compoundKeywords open a level of nesting in bash's grammar.
var compoundKeywords = map[string]bool{
	"if": true, "while": true, "until": true, "for": true, "select": true,
	"case": true, "time": true, "coproc": true, "function": true,
}

// checkNesting returns ErrTooDeep when cmd has more openers than the limits.
func checkNesting(cmd string) error {
	openers, operators := 0, 0
	for i := 0; i < len(cmd); i++ {
		switch c := cmd[i]; c {
		case '(', '{', '[', '`':
			openers++
		case '|', '&', '!', '?', '~', '=', '-', '+', '*':
			operators++
		default:
			if !isWordByte(c) || i > 0 && isWordByte(cmd[i-1]) {
				continue
			}
			j := i
			for j < len(cmd) && isWordByte(cmd[j]) {
				j++
			}
			if compoundKeywords[cmd[i:j]] {
				openers++
			}
			i = j - 1
		}
		if openers > MaxNesting || operators > MaxOperators {
			return fmt.Errorf("%w (more than %d openers or %d operators)", ErrTooDeep, MaxNesting, MaxOperators)
		}
	}
	return nil
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}
