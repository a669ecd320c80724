package ledger

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestPath(t *testing.T) {
	home := t.TempDir()
	cases := []struct {
		env  map[string]string
		want string
		err  bool
	}{
		{map[string]string{"XDG_STATE_HOME": "/s", "HOME": home}, "/s/terse/ledger.jsonl", false},
		{map[string]string{"HOME": home}, home + "/.local/state/terse/ledger.jsonl", false},
		// A relative XDG_STATE_HOME is invalid by the spec: ignored.
		{map[string]string{"XDG_STATE_HOME": "rel", "HOME": home}, home + "/.local/state/terse/ledger.jsonl", false},
		// A HOME that does not exist is never created.
		{map[string]string{"HOME": home + "/missing"}, "", true},
		{map[string]string{"TERSE_LEDGER": "/tmp/x.jsonl", "HOME": "/h"}, "/tmp/x.jsonl", false},
		{map[string]string{"TERSE_LEDGER": "off", "HOME": "/h"}, "", true},
		{map[string]string{"TERSE_LEDGER": "0"}, "", true},
		{map[string]string{}, "", true},
	}
	for _, c := range cases {
		got, err := Path(env(c.env))
		if got != c.want || (err != nil) != c.err {
			t.Errorf("Path(%v) = %q, %v; want %q, error %v", c.env, got, err, c.want, c.err)
		}
	}
	if _, err := Path(env(map[string]string{"TERSE_LEDGER": "off"})); err != ErrDisabled {
		t.Errorf("TERSE_LEDGER=off: err = %v, want ErrDisabled", err)
	}
}

func TestAppendCreatesOwnerOnly(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "terse", FileName)
	code := 1
	e := Entry{Time: time.Date(2026, 11, 2, 9, 30, 15, 500, time.UTC), Command: "npx  jest\t--ci", Profile: "jest",
		Exit: &code, Raw: 3491, Shaped: 612, Encoding: "o200k_base"}
	if err := Append(path, e); err != nil {
		t.Fatal(err)
	}
	if err := Append(path, Entry{Time: e.Time, Raw: 10, Shaped: 12, Encoding: "o200k_base"}); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("file mode %v, want 0600", fi.Mode().Perm())
	}
	di, _ := os.Stat(filepath.Dir(path))
	if di.Mode().Perm() != 0o700 {
		t.Errorf("dir mode %v, want 0700", di.Mode().Perm())
	}
	data, _ := os.ReadFile(path)
	want := `{"time":"2026-11-02T09:30:15Z","command":"npx jest --ci","profile":"jest","exit":1,"raw":3491,"shaped":612,"encoding":"o200k_base"}` + "\n" +
		`{"time":"2026-11-02T09:30:15Z","command":"pipe","profile":"none","raw":10,"shaped":12,"encoding":"o200k_base"}` + "\n"
	if string(data) != want {
		t.Errorf("ledger =\n%s\nwant\n%s", data, want)
	}
}

func TestAppendClipsLongCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	cmd := "jest " + strings.Repeat("é", 2000)
	if err := Append(path, Entry{Command: cmd}); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	var e Entry
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatal(err)
	}
	if len(e.Command) > maxCommand || !strings.HasSuffix(e.Command, "…") || !strings.HasPrefix(e.Command, "jest é") {
		t.Errorf("command %d bytes %q…, want at most %d ending in …", len(e.Command), e.Command[:20], maxCommand)
	}
	if len(data) >= 4096 {
		t.Errorf("entry is %d bytes, want under PIPE_BUF", len(data))
	}
}

func TestAppendUnwritable(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "file")
	os.WriteFile(blocker, nil, 0o600)
	if err := Append(filepath.Join(blocker, "terse", FileName), Entry{}); err == nil {
		t.Error("Append under a regular file: no error")
	}
}

// TestAppendConcurrentGoroutines appends from many goroutines, each with
// its own descriptor as separate processes would have, and checks that
// every line is whole and none is lost.
func TestAppendConcurrentGoroutines(t *testing.T) {
	path := filepath.Join(t.TempDir(), FileName)
	const writers, each = 32, 50
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := range each {
				cmd := fmt.Sprintf("writer-%d run-%d %s", w, i, strings.Repeat("x", 300))
				if err := Append(path, Entry{Command: cmd, Profile: "jest", Raw: 100, Shaped: 10, Encoding: "o200k_base"}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	checkLedger(t, path, writers*each)
}

// checkLedger checks that path holds n whole entries, all distinct.
func checkLedger(t *testing.T, path string, n int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		var e Entry
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("torn line %q: %v", l, err)
		}
		seen[e.Command] = true
	}
	if len(lines) != n || len(seen) != n {
		t.Errorf("%d lines, %d distinct; want %d", len(lines), len(seen), n)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Total.Runs != n || s.Total.Raw != int64(100*n) || s.Skipped != 0 {
		t.Errorf("summary %+v, want %d runs", s.Total, n)
	}
}

// TestAppendConcurrentProcesses runs this test binary as several writer
// processes at once.
func TestAppendConcurrentProcesses(t *testing.T) {
	if os.Getenv("TERSE_LEDGER_WRITER") != "" {
		return // the child side is TestHelperWriter
	}
	path := filepath.Join(t.TempDir(), FileName)
	const procs, each = 8, 100
	var cmds []*exec.Cmd
	for p := range procs {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$")
		cmd.Env = append(os.Environ(), "TERSE_LEDGER_WRITER="+path, "TERSE_LEDGER_ID="+strconv.Itoa(p),
			"TERSE_LEDGER_N="+strconv.Itoa(each))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("writer process: %v", err)
		}
	}
	checkLedger(t, path, procs*each)
}

// TestHelperWriter is the writer process of TestAppendConcurrentProcesses;
// it does nothing in a normal run.
func TestHelperWriter(t *testing.T) {
	path := os.Getenv("TERSE_LEDGER_WRITER")
	if path == "" {
		t.Skip("helper process for TestAppendConcurrentProcesses")
	}
	n, _ := strconv.Atoi(os.Getenv("TERSE_LEDGER_N"))
	for i := range n {
		cmd := fmt.Sprintf("proc-%s run-%d %s", os.Getenv("TERSE_LEDGER_ID"), i, strings.Repeat("y", 500))
		if err := Append(path, Entry{Command: cmd, Raw: 100, Shaped: 1, Encoding: "o200k_base"}); err != nil {
			t.Fatal(err)
		}
	}
}

const sample = `{"time":"2026-11-01T10:00:00Z","command":"npx jest","profile":"jest","exit":1,"raw":10000,"shaped":800,"encoding":"o200k_base"}
{"time":"2026-11-01T11:00:00Z","command":"pipe","profile":"jest","raw":5000,"shaped":10,"encoding":"o200k_base"}
{"time":"2026-11-02T09:00:00+02:00","command":"python3 -m pytest -x","profile":"pytest","exit":0,"raw":2000,"shaped":5,"encoding":"o200k_base"}
{"time":"2026-11-02T10:00:00Z","command":"FOO=1 npx jest --ci src","profile":"jest","exit":1,"raw":400000,"shaped":900,"estimated":true,"encoding":"o200k_base"}
{"time":"2026-11-0
not json

`

func TestRead(t *testing.T) {
	s, err := Read(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	want := Totals{Runs: 4, Raw: 417000, Shaped: 1715, Estimated: 1}
	if s.Total != want {
		t.Errorf("total %+v, want %+v", s.Total, want)
	}
	if s.Skipped != 2 {
		t.Errorf("skipped %d, want 2 (a torn line and a non-JSON line)", s.Skipped)
	}
	keys := func(gs []Group) string {
		var k []string
		for _, g := range gs {
			k = append(k, fmt.Sprintf("%s:%d", g.Key, g.Runs))
		}
		return strings.Join(k, " ")
	}
	if got := keys(s.Profiles); got != "jest:3 pytest:1" {
		t.Errorf("profiles %s", got)
	}
	if got := keys(s.Commands); got != "npx jest:2 pipe:1 python3 -m pytest:1" {
		t.Errorf("commands %s", got)
	}
	if got := keys(s.Days); got != "2026-11-01:2 2026-11-02:2" {
		t.Errorf("days %s", got)
	}
	if s.Total.Saved() != 415285 || fmt.Sprintf("%.2f", s.Total.Percent()) != "99.59" {
		t.Errorf("saved %d (%.2f%%)", s.Total.Saved(), s.Total.Percent())
	}
	if s.Encodings[0] != "o200k_base" || len(s.Encodings) != 1 {
		t.Errorf("encodings %v", s.Encodings)
	}
}

func TestLoadMissing(t *testing.T) {
	s, err := Load(filepath.Join(t.TempDir(), "none.jsonl"))
	if err != nil || s.Total.Runs != 0 {
		t.Errorf("Load(missing) = %+v, %v; want empty, nil", s, err)
	}
}

func TestCommandKey(t *testing.T) {
	for in, want := range map[string]string{
		"npx jest --ci":                 "npx jest",
		"/usr/bin/python3 -m pytest -x": "python3 -m pytest",
		"FOO=1 go test ./...":           "go test",
		"npm run test:unit":             "npm run test:unit",
		"npm test":                      "npm test",
		"env CI=1 time -p pytest -q":    "pytest",
		"./node_modules/.bin/jest":      "jest",
		"pipe":                          "pipe",
		"":                              "pipe",
		"eslint .":                      "eslint",
		"uv run pytest":                 "uv run pytest",
	} {
		if got := CommandKey(in); got != want {
			t.Errorf("CommandKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestWriteText(t *testing.T) {
	s, _ := Read(strings.NewReader(sample))
	s.Path = "/s/terse/ledger.jsonl"
	var b bytes.Buffer
	if err := WriteText(&b, s, TextOptions{Rows: 1}); err != nil {
		t.Fatal(err)
	}
	want := `4 runs from 2026-11-01 to 2026-11-02: 417,000 tokens raw -> 1,715 shaped, 415,285 saved (99.6%)
tokens counted with o200k_base; raw = all the output the agent would have read without terse
1 run had raw output over the exact-count limit: its raw count is extrapolated (marked ~)

profile  runs       raw  shaped  saved
jest        3  ~415,000   1,710  99.6%
… 1 more profile not shown (terse gain --rows 0 shows all)

command   runs       raw  shaped  saved
npx jest     2  ~410,000   1,700  99.6%
… 2 more commands not shown (terse gain --rows 0 shows all)

day         runs       raw  shaped  saved
2026-11-02     2  ~402,000     905  99.8%
… 1 earlier day not shown (terse gain --rows 0 shows all)

2 unreadable lines in /s/terse/ledger.jsonl skipped
`
	if b.String() != want {
		t.Errorf("WriteText:\n%s\nwant:\n%s", b.String(), want)
	}
	b.Reset()
	WriteText(&b, Summary{Path: "/p"}, TextOptions{})
	if b.String() != "no shaped runs recorded yet in /p\n" {
		t.Errorf("empty: %q", b.String())
	}
}

func TestSummaryJSON(t *testing.T) {
	s, _ := Read(strings.NewReader(sample))
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"total":{"runs":4,"raw":417000,"shaped":1715,"estimated":1,"saved":415285,"percent":99.6}`,
		`{"key":"jest","runs":3,"raw":415000,"shaped":1710,"estimated":1,"saved":413290,"percent":99.6}`,
		`"skipped":2`,
	} {
		if !strings.Contains(string(b), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b)
		}
	}
}
