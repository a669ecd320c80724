package shellwrap_test

import (
	"errors"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/shellwrap"
)

// nests are the constructs the shell parser descends into, one Go call (or
// more) per level, each as an opening, a middle and a closing, repeated n
// times around the middle.
var nests = []struct{ name, open, mid, close string }{
	{"subshell", "(", "jest", ")"},
	{"command substitution", "$(", "jest", ")"},
	{"quoted substitution", `"$(`, "jest", `)"`},
	{"backquote", "`", "jest", "`"},
	{"block", "{ ", "jest", ";}"},
	{"process substitution", "cat <(", "jest", ")"},
	{"parameter", "echo ${a:-", "x", "}"},
	{"arithmetic", "echo $((", "1", "))"},
	{"arithmetic parens", "((", "1", "))"},
	{"if", "if ", "jest", ";then :;fi"},
	{"while", "while :;do ", "jest", ";done"},
	{"case", "case x in x) ", "jest", ";;esac"},
	{"function", "f() ", "{ jest; }", ""},
	{"time", "time ", "jest", ""},
	{"coproc", "coproc ", "jest", ""},
	{"pipe", "a|", "jest", ""},
	{"and", "a&&", "jest", ""},
	{"test not", "[[ ! ", "a", " ]]"},
	{"unary minus", "echo $((- ", "1", "))"},
	{"ternary", "echo $((1?", "1", ":1))"},
	{"assignment", "echo $((a+=", "1", "))"},
	{"power", "echo $((2**", "1", "))"},
}

func nested(open, mid, close string, n int) string {
	return strings.Repeat(open, n) + mid + strings.Repeat(close, n)
}

// TestDeepNestingLeftUnchanged: 200,000 levels of anything leave the
// command unchanged, with ErrTooDeep, instead of overflowing the stack
// (which ends the process: exit 2).
func TestDeepNestingLeftUnchanged(t *testing.T) {
	for _, c := range nests {
		cmd := nested(c.open, c.mid, c.close, 200_000)
		r, err := shellwrap.Rewrite(cmd, prefix, func([]string) bool { return true })
		if !errors.Is(err, shellwrap.ErrTooDeep) || r.Changed() || r.Command != cmd {
			t.Errorf("%s: %v, changed %v", c.name, err, r.Changed())
		}
	}
}

// TestNestingLimitsKeepStackSmall: commands just within the limits parse
// in a 64 MB stack (the default allows 1 GB): the limits are low enough
// that no command within them can overflow, and the hook's memory stays
// small. Above the limits, TestDeepNestingLeftUnchanged.
func TestNestingLimitsKeepStackSmall(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	for _, c := range nests {
		per := 0 // openers or operators per level, as the scan counts them
		for _, s := range []string{c.open, c.close} {
			per += strings.Count(s, "(") + strings.Count(s, "{") + strings.Count(s, "[") + strings.Count(s, "`")
			per += strings.Count(s, "if") + strings.Count(s, "while") + strings.Count(s, "case") +
				strings.Count(s, "time") + strings.Count(s, "coproc")
		}
		limit := shellwrap.MaxNesting
		if per == 0 {
			for _, op := range "|&!?~=-+*" {
				per += strings.Count(c.open+c.close, string(op))
			}
			limit = shellwrap.MaxOperators
		}
		n := limit/per - 1 // the middle may hold one more
		cmd := nested(c.open, c.mid, c.close, n)
		if _, err := shellwrap.Rewrite(cmd, prefix, func([]string) bool { return true }); errors.Is(err, shellwrap.ErrTooDeep) {
			t.Errorf("%s: %d levels are within the limits, yet: %v", c.name, n, err)
		}
	}
}
