package runner

import (
	"os/exec"
	"testing"
)

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"go", "go"},
		{"./...", "./..."},
		{"--offset=20", "--offset=20"},
		{"", "''"},
		{"a b", "'a b'"},
		{"it's", `'it'\''s'`},
		{"$(rm -rf ~)", "'$(rm -rf ~)'"},
		{"é", "'é'"},
		{"a\nb", `$'a\nb'`},
		{"\x1b]0;owned\x07", `$'\e]0;owned\a'`},
		{"\x1b[2J\x1b[H", `$'\e[2J\e[H'`},
		{"it's\n", `$'it\'s\n'`},
		{`back\slash` + "\t", `$'back\\slash\t'`},
		{"\x00\x7f", `$'\x00\x7f'`},
		{"bad\xffbyte", `$'bad\xffbyte'`},
		{"\u009b31m", `$'\u009b31m'`},
		{"evil\u202etxt", `$'evil\u202etxt'`},
		{"\U000e0041", `$'\U000e0041'`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	if got := QuoteArgs([]string{"echo", "a b", "\x1b[2J"}); got != `echo 'a b' $'\e[2J'` {
		t.Errorf("QuoteArgs = %s", got)
	}
}

// What Quote writes, a shell reads back as the same bytes.
func TestQuoteRoundTrip(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, s := range []string{"plain", "a b", "it's", "$HOME `x` \"q\"", "a\nb\tc\r", "\x1b]0;t\x07\x1b[2J",
		"bad\xffbyte\x01", "it's\\\n", "\u009b\u202e\u2028", "é中"} {
		out, err := exec.Command(bash, "-c", "printf %s "+Quote(s)).Output()
		if err != nil {
			t.Fatalf("bash on %s: %v", Quote(s), err)
		}
		if string(out) != s {
			t.Errorf("%q quoted as %s reads back as %q", s, Quote(s), out)
		}
	}
}
