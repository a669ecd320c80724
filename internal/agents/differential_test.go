package agents

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/commands"
)

// The hook's rewrite must not change what runs (issues 52 and 53). Each
// command line below runs twice in bash, as Claude Code runs it (stdin
// /dev/null, stdout and stderr into one file): as the agent wrote it, and
// as the hook rewrites it, in the same fresh project directory. The tools
// are stubs that print their name, argv, where their stdin comes from and
// their directory, write a line to stderr, append to a file (a side
// effect) and exit with $STUB_EXIT (3 unless set). `terse` is a stub too,
// which records that it was called and then runs the command the way terse
// run does: stderr merged into stdout, a closed stdin opened on /dev/null,
// the program started with exec (a file with no #! line fails with 126, as
// Go's exec does, where bash would run it as a script). Both runs must print
// the same, exit the same and leave the same files; the rewritten one must
// go through terse exactly when the hook should wrap.

// stubTool is every tool's stub.
const stubTool = `#!/bin/bash
name=${0##*/}
printf '%s argv:' "$name"; printf ' [%s]' "$@"; echo
if ! [ -e /proc/$$/fd/0 ]; then s=closed
elif [ "$(readlink /proc/$$/fd/0)" = /dev/null ]; then s=devnull
else s="data:$(md5sum | cut -c1-8)"; fi
echo "$name stdin: $s"
echo "$name pwd: $PWD"
echo "$name to stderr" >&2
echo "$name $*" >> effects.log
exit "${STUB_EXIT:-3}"
`

// stubTerse is terse run as far as what runs is concerned.
const stubTerse = `#!/bin/bash
echo "$*" >> "$TERSE_CALLS"
[ "$1" = run ] || exit 2
while [ $# -gt 0 ] && [ "$1" != "--" ]; do shift; done
shift
[ -e /proc/$$/fd/0 ] || exec 0</dev/null
p=$(type -P -- "$1") || { echo "terse: $1: command not found" >&2; exit 127; }
magic=$(head -c 4 -- "$p" | od -An -tx1 | tr -d ' \n')
case $magic in 2321*|7f454c46) ;; *) echo "terse: $1: cannot execute: exec format error" >&2; exit 126;; esac
exec "$@" 2>&1
`

var stubNames = []string{"jest", "pytest", "npx", "npm", "pnpm", "yarn", "bun", "make", "just", "tox", "nox", "go",
	"uv", "poetry", "vitest", "eslint"}

// differentialCases are command lines an agent sends, and whether the hook
// must route them through terse. $BIN is the stubs' directory.
var differentialCases = []struct {
	cmd   string
	terse bool
}{
	// Tools a profile claims, and runners in front of them.
	{"jest", true},
	{"npx jest --ci", true},
	{"uv run pytest -q", true},
	{"poetry run tox", true},
	{"env CI=1 jest", true},
	// Package-manager scripts and task runners (issue 53 item 1).
	{"npm test", true},
	{"npm run test -- --ci", true},
	{"npm t", true},
	{"npm run lint", true},
	{"pnpm test", true},
	{"yarn test", true},
	{"bun test", true},
	{"bun run test", true},
	{"make test", true},
	{"STUB_EXIT=0 make lint test", true},
	{"just test", true},
	{"tox", true},
	{"nox -s tests", true},
	{"npm run unit", true}, // by what it runs: "unit": "jest --ci"
	{"npm run dev", false},
	{"npm run docs", false},
	{"npx jest --watch", false},
	{"npm test -- --watch", false},
	{"make dev", false},
	// Pipes to tail and head (item 2).
	{"go test ./... 2>&1 | tail -30", true},
	{"pytest -q 2>&1 | head -n 20", true},
	{"go test ./... |& tail -12", true},
	{"go test ./... 2>&1 | tail -3", false}, // too few lines for a page
	{"set -o pipefail; go test ./... 2>&1 | tail -15", true},
	{"pytest -q | head -50", false},
	{"jest 2>&1 | tee log.txt", false},
	{"jest 2>&1 | grep -v stderr", false},
	{"jest > out.txt 2>&1", false},
	// Env prefixes, quoting, lists, subshells, conditionals, loops.
	{"CI=1 STUB_EXIT=0 npx jest", true},
	{`FOO="a b" pytest -k 'x and y' "tests/my dir"`, true},
	{"cd sub && go test ./...", true},
	{"cd sub; make -C .. test", true},
	{"jest || echo failed", true},
	{`pytest; echo "status $?"`, true},
	{"(cd sub && npm test)", true},
	{"{ jest; pytest; } 2>&1", true},
	{"if jest; then echo ok; else echo no; fi", true},
	{"for i in 0 4; do STUB_EXIT=$i pytest; done", true},
	{"! jest", true},
	{"npx jest; exit 7", true},
	{`out=$(jest 2>&1); echo "${#out}"`, false},
	// Standard input: here-documents, here-strings, pipes.
	{"pytest -q - <<'EOF'\nsome input\nEOF", true},
	{`jest <<< "here string"`, true},
	{"echo piped | pytest -q", true},
	// What a rewrite would change (issue 52 item 6): left alone.
	{"exec 2>/dev/null; jest", false},
	{"exec >log 2>&1; pytest", false},
	{"PATH=$BIN:/usr/bin:/bin npx jest", false},
	{"source ./fn.sh; jest", false},
	{"hash -p ./local/other jest; jest", false},
	{"./local/jest --ci", false},
	{"jest <&-", false},
}

func TestRewriteRunsTheSame(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	root := t.TempDir()
	bin, tbin := filepath.Join(root, "bin"), filepath.Join(root, "tbin")
	for _, d := range []string{bin, tbin} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range stubNames {
		writeFile(t, filepath.Join(bin, n), stubTool, 0o755)
	}
	writeFile(t, filepath.Join(tbin, "terse"), stubTerse, 0o755)
	pathList := tbin + ":" + bin + ":/usr/bin:/bin"
	set := commands.NewSet(commands.Builtin)
	for _, tc := range differentialCases {
		cmd := strings.ReplaceAll(tc.cmd, "$BIN", bin)
		work := filepath.Join(root, "w")
		getenv := func(k string) string {
			if k == "PATH" {
				return pathList
			}
			return ""
		}
		freshProject(t, work, stubTool)
		r := NewReach(func() *commands.Set { return set }, work, getenv)
		call := RewriteCall(cmd, Prefix, r.Known(), r.Why)
		if call.Changed != tc.terse {
			t.Errorf("%q: rewritten %v, want %v: %q %q", cmd, call.Changed, tc.terse, call.Command, call.Left)
		}
		orig := runIn(t, bash, work, cmd, pathList, root)
		freshProject(t, work, stubTool)
		rewr := runIn(t, bash, work, call.Command, pathList, root)
		if orig.out != rewr.out || orig.code != rewr.code || orig.files != rewr.files {
			t.Errorf("%q runs differently rewritten as %q:\n--- original (exit %d)\n%s%s--- rewritten (exit %d)\n%s%s",
				cmd, call.Command, orig.code, orig.out, orig.files, rewr.code, rewr.out, rewr.files)
		}
		if orig.calls != "" {
			t.Errorf("%q: the original called terse: %s", cmd, orig.calls)
		}
		if (rewr.calls != "") != tc.terse {
			t.Errorf("%q: rewritten %q, terse called: %q, want called %v", cmd, call.Command, rewr.calls, tc.terse)
		}
		if !strings.Contains(orig.files, "effects.log") && !strings.Contains(orig.out, "jest ran") && !strings.Contains(orig.out, "no #! line") {
			t.Errorf("%q: no tool ran:\n%s", cmd, orig.out)
		}
	}
	if len(differentialCases) < 40 {
		t.Errorf("%d cases, want at least 40", len(differentialCases))
	}
}

type runOutcome struct {
	out, files, calls string
	code              int
}

// runIn runs cmd with bash -c in dir as Claude Code does and returns what
// it printed (stdout and stderr in one), its exit code, the files it left
// and the calls to terse.
func runIn(t *testing.T, bash, dir, cmd, pathList, root string) runOutcome {
	t.Helper()
	calls := filepath.Join(root, "calls")
	_ = os.Remove(calls)
	c := exec.Command(bash, "-c", cmd)
	c.Dir = dir
	c.Env = []string{"PATH=" + pathList, "TERSE_CALLS=" + calls, "HOME=" + root, "LANG=C"}
	var out bytes.Buffer
	c.Stdout, c.Stderr = &out, &out
	c.Stdin = nil // /dev/null
	err := c.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%q: %v", cmd, err)
	}
	recorded, _ := os.ReadFile(calls)
	return runOutcome{out: out.String(), code: code, files: listFiles(t, dir), calls: string(recorded)}
}

// freshProject makes dir a new project: package.json scripts, a Makefile,
// a justfile, a sourced file defining jest(), a stub to map jest to, and a
// jest with no #! line.
func freshProject(t *testing.T, dir, stub string) {
	t.Helper()
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"package.json": `{"name":"p","scripts":{"test":"jest","lint":"eslint .","unit":"jest --ci","docs":"typedoc","dev":"vite"}}`,
		"Makefile":     "test:\n\tpytest -q\nlint:\n\teslint .\ncheck: lint test\ndev:\n\tnpm run dev\n",
		"justfile":     "test:\n    pytest -q\n",
		"fn.sh":        "jest() { echo \"the function jest ran: $*\"; }\n",
		"sub/keep":     "",
	} {
		writeFile(t, filepath.Join(dir, name), text, 0o644)
	}
	writeFile(t, filepath.Join(dir, "local", "other"), stub, 0o755)
	writeFile(t, filepath.Join(dir, "local", "jest"), "echo \"a script with no #! line: $*\"\n", 0o755)
}

func writeFile(t *testing.T, path, text string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		t.Fatal(err)
	}
}

// listFiles lists the files under dir with their contents.
func listFiles(t *testing.T, dir string) string {
	t.Helper()
	var lines []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		lines = append(lines, fmt.Sprintf("%s: %q", rel, data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}
