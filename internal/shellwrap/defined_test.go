package shellwrap_test

import (
	"testing"

	"github.com/terse-dev/terse/internal/shellwrap"
)

// everything claims every command, as a careless user profile could.
func everything([]string) bool { return true }

// TestBuiltinsNeverWrapped: `terse run -- cd sub` would change directory in
// a child process, and the rest of the line would run where it was.
func TestBuiltinsNeverWrapped(t *testing.T) {
	for _, cmd := range []string{
		"cd sub", "source .venv/bin/activate", ". ./env.sh", "export CI=1", "eval \"$x\"",
		"exec jest", "set -e", "alias j=jest", "command jest", "builtin cd x", "unset X",
		"pushd web", "ulimit -n 4096", "read x", "noglob jest", "[ -f x ]", "test -f x",
		"'cd' sub", "c\\d sub",
	} {
		r, err := shellwrap.Rewrite(cmd, prefix, everything)
		if err != nil || r.Changed() {
			t.Errorf("%q: %q, %v", cmd, r.Command, err)
		}
	}
	// Around them, what a profile claims is wrapped.
	r, err := shellwrap.Rewrite("cd sub && jest; set -e && pytest", prefix, everything)
	if want := "cd sub && terse run -- jest; set -e && terse run -- pytest"; err != nil || r.Command != want {
		t.Errorf("got %q, %v; want %q", r.Command, err, want)
	}
	// Except after a builtin that can change what a later name runs
	// (issue 52 item 6): a sourced file can define a function jest().
	r, err = shellwrap.Rewrite("cd sub && jest; source x && pytest", prefix, everything)
	if err != nil || r.Changed() || r.Refused == "" {
		t.Errorf("source x: got %q, %v, refused %q; want it left alone, with the reason", r.Command, err, r.Refused)
	}
	for _, name := range []string{"cd", "source", ".", "eval", "exec", "if", "[[", "noglob"} {
		if !shellwrap.IsShellBuiltin(name) {
			t.Errorf("IsShellBuiltin(%q) = false", name)
		}
	}
	for _, name := range []string{"jest", "pytest", "go", "npx", "make"} {
		if shellwrap.IsShellBuiltin(name) {
			t.Errorf("IsShellBuiltin(%q) = true", name)
		}
	}
}

// TestOwnFunctionsAndAliasesNotWrapped: a function or alias the command
// line defines would not run through `terse run --`, which runs the program.
func TestOwnFunctionsAndAliasesNotWrapped(t *testing.T) {
	k := known(t)
	for cmd, want := range map[string]string{
		"pytest() { python -m pytest -p no:cacheprovider; }; pytest": "",
		"function jest { npx jest --ci; }; jest":                     "",
		"jest; jest() { :; }":                                        "",
		"alias jest='npx jest --ci'; jest":                           "",
		"alias -p; alias 'jest=npx jest' pt=pytest; pt; jest":        "",
		"builtin alias jest=x\njest":                                 "",
		"alias \"$name\"=x; jest; pytest":                            "",
		"alias jest$n=x; jest":                                       "",
		"terse() { :; }; jest":                                       "",
		// Only the name defined stays as it is.
		"pytest() { :; }; pytest; jest":     "pytest() { :; }; pytest; terse run -- jest",
		"alias jest=x; npx jest --ci":       "alias jest=x; terse run -- npx jest --ci",
		"alias ll='ls -l'; go test ./...":   "alias ll='ls -l'; terse run -- go test ./...",
		"echo 'pytest() { :; }'; pytest -x": "echo 'pytest() { :; }'; terse run -- pytest -x",
	} {
		r, err := shellwrap.Rewrite(cmd, prefix, k)
		if want == "" {
			want = cmd
		}
		if err != nil || r.Command != want {
			t.Errorf("%q:\n got %q, %v\nwant %q", cmd, r.Command, err, want)
		}
	}
}
