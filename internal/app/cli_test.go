package app

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

// A usage error is one line on stderr and exit 2, for every command: an
// agent reads stderr, and the whole help there (or on stdout, mixed with
// the output) costs tokens and says less.
func TestUsageErrorsAreOneLine(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--no-such-flag"}, "terse: flag provided but not defined: -no-such-flag (see terse --help)"},
		{[]string{"run", "--no-such-flag", "--", "true"}, "terse: flag provided but not defined: -no-such-flag (see terse run --help)"},
		// -1 is where a flag goes: not a command to run.
		{[]string{"run", "-1", "--", "true"}, "terse: flag provided but not defined: -1 (see terse run --help)"},
		{[]string{"show", "-3"}, "terse: flag provided but not defined: -3 (see terse show --help)"},
		{[]string{"show", "1", "--no-such-flag"}, "terse: flag provided but not defined: -no-such-flag (see terse show --help)"},
		{[]string{"last", "--no-such-flag"}, "terse: flag provided but not defined: -no-such-flag (see terse last --help)"},
		{[]string{"profiles", "--no-such-flag"}, "terse: flag provided but not defined: -no-such-flag (see terse profiles --help)"},
		{[]string{"tokens", "--no-such-flag"}, "terse: flag provided but not defined: -no-such-flag (see terse tokens --help)"},
		{[]string{"alias", "--no-such-flag"}, "terse: flag provided but not defined: -no-such-flag (see terse alias --help)"},
		{[]string{"hook", "--no-such-flag"}, "terse: flag provided but not defined: -no-such-flag (see terse hook --help)"},
		{[]string{"init", "--no-such-flag"}, "terse: flag provided but not defined: -no-such-flag (see terse init --help)"},
		// The root's flags are its own, not gain's.
		{[]string{"gain", "--profile", "jest"}, "terse: flag provided but not defined: -profile (see terse gain --help)"},
		{[]string{"gain", "--rows"}, "terse: flag needs an argument: --rows (see terse gain --help)"},
		// Flags end at the first argument: init reads the rest itself.
		{[]string{"init", "claude", "--no-such-flag"}, "terse: unknown flag --no-such-flag for terse init (see terse init --help)"},
		// And alias gets two arguments, not an unknown flag.
		{[]string{"alias", "bash", "--no-such-flag"}, "terse: terse alias needs a shell: terse alias bash, zsh or fish"},
		// terse help CMD for a CMD terse does not have.
		{[]string{"help", "nosuch"}, "terse: no command \"nosuch\": `terse --help` lists the commands"},
		// An --llm value that is none of the three: not compact in silence.
		{[]string{"--llm=bogus"}, `terse: invalid value "bogus" for flag -llm: use compact (a bare --llm), verbose or json (see terse --help)`},
		{[]string{"run", "--llm=verbos", "--", "true"}, `terse: invalid value "verbos" for flag -llm: use compact (a bare --llm), verbose or json (see terse run --help)`},
		// A typo of an agent terse installs a hook for: not the setup of
		// an unknown agent, exit 0.
		{[]string{"init", "claud"}, "terse: unknown agent \"claud\": did you mean `terse init claude`?"},
		{[]string{"init", "Cluade"}, "terse: unknown agent \"Cluade\": did you mean `terse init claude`?"},
	}
	for _, c := range cases {
		vars, _ := stateVars(t)
		r := runTerse(t, false, vars, c.args...)
		if r.code != 2 || r.stdout != "" || r.stderr != c.want+"\n" {
			t.Errorf("terse %s: exit %d, stdout %q, stderr %q; want exit 2, no stdout, stderr %q",
				strings.Join(c.args, " "), r.code, r.stdout, r.stderr, c.want)
		}
	}
}

// Flag values as terse has always read them: a value in the next argument
// or after =, 0 as a number, --flag=false as false, -v for --verbose.
func TestFlagValues(t *testing.T) {
	capture, err := os.ReadFile("../../profiles/jest/testdata/captures/mixed.txt")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		args   []string
		blocks int    // failure blocks shown (18 failures in all, 17 blocks: two share a cause)
		last   string // the last line
	}{
		{[]string{"--limit", "0"}, 17, "omitted: "},
		{[]string{"--limit", "0", "--no-group"}, 18, "omitted: "},
		// Paged, the two failures of one cause are one entry: 17 entries.
		{[]string{"--limit", "1"}, 1, "… 16 more entries (shown 1-1 of 17); next page: … | terse -p jest --offset 1 --limit 1"},
		{[]string{"--limit=1", "--offset=1"}, 1, "… 15 more entries (shown 2-2 of 17); next page: … | terse -p jest --offset 2 --limit 1"},
		{[]string{"-v=false", "--verbose=false", "--limit", "1"}, 1, "… 16 more entries (shown 1-1 of 17); next page: … | terse -p jest --offset 1 --limit 1"},
		{[]string{"-v", "--limit", "1"}, 1, "… 16 more entries (shown 1-1 of 17); next page: … | terse -p jest --llm=verbose --offset 1 --limit 1"},
		{[]string{"--no-group", "--limit", "1"}, 1, "… 17 more failures (shown 1-1 of 18); next page: … | terse -p jest --no-group --offset 1 --limit 1"},
	}
	for _, c := range cases {
		var out, errOut bytes.Buffer
		code := Main(append([]string{"terse", "-p", "jest"}, c.args...), Env{Stdin: bytes.NewReader(capture), Stdout: &out, Stderr: &errOut,
			Getenv: func(k string) string {
				if k == "TERSE_LEDGER" {
					return "off"
				}
				return ""
			}})
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		blocks := 0
		for _, l := range lines {
			if strings.HasPrefix(l, "--- ") {
				blocks++
			}
		}
		// The run failed: a pipe exits 1.
		if last := lines[len(lines)-1]; code != 1 || blocks != c.blocks || !strings.HasPrefix(last, c.last) {
			t.Errorf("terse -p jest %s: exit %d, %d failure blocks, last line %q, stderr %q; want exit 1, %d blocks, last line %q",
				strings.Join(c.args, " "), code, blocks, last, errOut.String(), c.blocks, c.last)
		}
	}
}

// The size of a saved run's output in the raw line: the count whenever
// there is one (extrapolated past the counter's limit, marked ~), and
// otherwise an estimate from the bytes that is not far low (bytes/4 said
// ~6.7M for a run counted as 9.56M tokens).
func TestRawSizeLine(t *testing.T) {
	v := viewOpts{mode: Mode{Format: FormatLLM}, limit: DefaultLimit}
	const bytes = 26_800_000
	cases := []struct {
		rv   runView
		want string
	}{
		{runView{id: 1, logPath: "/x/1.log", bytes: bytes, tokens: 9_560_000, tokensExact: false}, "/x/1.log (~9.6M tokens)"},
		{runView{id: 1, logPath: "/x/1.log", bytes: 12_351, tokens: 3_491, tokensExact: true}, "/x/1.log (3,491 tokens)"},
		// No count: bytes/3.5, 7.7M here.
		{runView{id: 1, logPath: "/x/1.log", bytes: bytes}, "/x/1.log (~7.7M tokens)"},
	}
	for _, c := range cases {
		if got := v.hints(c.rv).Raw; got != c.want {
			t.Errorf("%+v: raw %q, want %q", c.rv, got, c.want)
		}
	}
}

// A pipe exits 1 when the shaped report says FAIL (the tool's exit code is
// lost in a pipe), 0 on PASS; --exit-zero keeps 0.
func TestPipeExitCode(t *testing.T) {
	cases := []struct {
		capture string
		args    []string
		code    int
	}{
		{"../../profiles/gotest/testdata/captures/mixed.txt", nil, 1},
		{"../../profiles/gotest/testdata/captures/mixed.json", []string{"--json"}, 1},
		{"../../profiles/gotest/testdata/captures/mixed.txt", []string{"--exit-zero"}, 0},
		{"../../profiles/gotest/testdata/captures/pass.txt", nil, 0},
		{"../../profiles/gotest/testdata/captures/norun.txt", nil, 0},
	}
	for _, c := range cases {
		in, err := os.ReadFile(c.capture)
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		code := Main(append([]string{"terse"}, c.args...), Env{Stdin: bytes.NewReader(in), Stdout: &out, Stderr: &errOut,
			Getenv: func(k string) string {
				if k == "TERSE_LEDGER" {
					return "off"
				}
				return ""
			}})
		if code != c.code || errOut.Len() > 0 {
			t.Errorf("terse %v < %s: exit %d, stderr %q; want exit %d", c.args, c.capture, code, errOut.String(), c.code)
		}
	}
}

// terse at a terminal with nothing piped in says how it is used, instead
// of waiting silently for the terminal's input.
func TestNoInputAtTerminal(t *testing.T) {
	var out, errOut bytes.Buffer
	code := Main([]string{"terse"}, Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, StdinTerminal: true,
		Getenv: func(string) string { return "" }})
	want := "terse: no input: terse shapes a tool's output on stdin: `CMD 2>&1 | terse`, `terse < FILE` or `terse run -- CMD` (terse --help)\n"
	if code != 2 || out.Len() > 0 || errOut.String() != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 2, stderr %q", code, out.String(), errOut.String(), want)
	}
}

// terse run sets up its command alone (onlyCommand): what it says of its
// own usage is what the whole tree says.
func TestRunAloneAsInTheWholeTree(t *testing.T) {
	for _, args := range [][]string{
		{"terse", "run", "--help"},
		{"terse", "run", "-h"},
		{"terse", "run"},
		{"terse", "run", "--no-such-flag", "--", "true"},
		{"terse", "run", "--llm=verbos", "--", "true"},
		{"terse", "run", completionRequest},
		{"terse", "run", "--stats", completionRequest},
	} {
		var got [2]string
		for i, alone := range []bool{false, true} {
			var out, errOut bytes.Buffer
			env := Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut,
				Getenv: func(string) string { return "" }, Environ: func() []string { return nil }}
			root := newApp(env)
			if alone {
				onlyCommand(root, "run")
			}
			err := root.Run(context.Background(), commandArgs(args))
			got[i] = fmt.Sprintf("exit %d\nstdout:\n%s\nstderr:\n%s", exitCode(err, &errOut), out.String(), errOut.String())
		}
		if got[0] != got[1] {
			t.Errorf("%v: alone\n%s\nin the whole tree\n%s", args, got[1], got[0])
		}
	}
}
