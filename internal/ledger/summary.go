package ledger

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/terse-dev/terse/internal/statedir"
)

// Totals adds up a set of runs.
type Totals struct {
	Runs   int   `json:"runs"`
	Raw    int64 `json:"raw"`
	Shaped int64 `json:"shaped"`
	// Estimated counts the runs whose raw count was extrapolated.
	Estimated int `json:"estimated,omitempty"`
}

// Saved is the tokens terse kept out of the agent's context. A run whose
// shaped output is larger than its input (a tiny input with a header)
// counts against the saving.
func (t Totals) Saved() int64 { return t.Raw - t.Shaped }

// Percent is Saved as a percentage of Raw (0 when Raw is 0).
func (t Totals) Percent() float64 {
	if t.Raw == 0 {
		return 0
	}
	return 100 * float64(t.Saved()) / float64(t.Raw)
}

func (t *Totals) add(e Entry) {
	t.Runs++
	t.Raw = addSat(t.Raw, e.Raw)
	t.Shaped = addSat(t.Shaped, e.Shaped)
	if e.Estimated {
		t.Estimated++
	}
}

// addSat adds two counts of 0 or more, stopping at math.MaxInt64 rather
// than wrapping to a negative total (a hand-edited ledger can hold any
// number).
func addSat(a, b int64) int64 {
	if b > math.MaxInt64-a {
		return math.MaxInt64
	}
	return a + b
}

// MarshalJSON adds the derived saved and percent fields.
func (t Totals) MarshalJSON() ([]byte, error) {
	type plain Totals
	return json.Marshal(struct {
		plain
		Saved   int64   `json:"saved"`
		Percent float64 `json:"percent"`
	}{plain(t), t.Saved(), float64(int64(t.Percent()*10+0.5)) / 10})
}

// Group is the totals of the runs that share a key (a profile, a command,
// a day).
type Group struct {
	Key string `json:"key"`
	Totals
}

// MarshalJSON keeps Key beside the flattened totals.
func (g Group) MarshalJSON() ([]byte, error) {
	t, err := g.Totals.MarshalJSON()
	if err != nil {
		return nil, err
	}
	k, _ := json.Marshal(g.Key)
	return append(append([]byte(`{"key":`), k...), append([]byte{','}, t[1:]...)...), nil
}

// Summary is the ledger added up.
type Summary struct {
	// Path is the ledger file read.
	Path  string `json:"path,omitempty"`
	Total Totals `json:"total"`
	// Encodings are the tokenizers the counts were made with.
	Encodings []string `json:"encodings,omitempty"`
	// First and Last are the times of the oldest and newest entries.
	First time.Time `json:"first,omitzero"`
	Last  time.Time `json:"last,omitzero"`
	// Profiles and Commands are sorted by tokens saved, most first; Days
	// by date, oldest first.
	Profiles []Group `json:"profiles"`
	Commands []Group `json:"commands"`
	Days     []Group `json:"days"`
	// Skipped counts lines that were not valid entries (a torn write by a
	// process killed mid-write, a hand edit, a negative count); they are
	// left out of the totals.
	Skipped int `json:"skipped,omitempty"`
}

// Read adds up the entries in r, one JSON object a line. It streams: the
// ledger is never held whole. Days are the dates in each entry's own
// recorded time zone.
func Read(r io.Reader) (Summary, error) {
	var s Summary
	profiles := map[string]*Totals{}
	commands := map[string]*Totals{}
	days := map[string]*Totals{}
	encodings := map[string]bool{}
	br := bufio.NewReader(r)
	for {
		line, err := br.ReadBytes('\n')
		if len(strings.TrimSpace(string(line))) > 0 {
			var e Entry
			if jerr := json.Unmarshal(line, &e); jerr != nil || e.Time.IsZero() || e.Raw < 0 || e.Shaped < 0 {
				s.Skipped++
			} else {
				s.Total.add(e)
				bump(profiles, e.Profile, e)
				bump(commands, CommandKey(e.Command), e)
				bump(days, e.Time.Format(time.DateOnly), e)
				encodings[e.Encoding] = true
				if s.First.IsZero() || e.Time.Before(s.First) {
					s.First = e.Time
				}
				if e.Time.After(s.Last) {
					s.Last = e.Time
				}
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return s, fmt.Errorf("reading ledger: %w", err)
		}
	}
	s.Profiles = bySaved(profiles)
	s.Commands = bySaved(commands)
	s.Days = byKey(days)
	for e := range encodings {
		s.Encodings = append(s.Encodings, e)
	}
	sort.Strings(s.Encodings)
	return s, nil
}

// Load reads the ledger at path. A ledger that does not exist yet is an
// empty summary, not an error.
func Load(path string) (Summary, error) {
	f, err := statedir.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Summary{Path: path}, nil
	}
	if err != nil {
		return Summary{}, fmt.Errorf("ledger: %w", err)
	}
	defer f.Close()
	s, err := Read(f)
	s.Path = path
	return s, err
}

func bump(m map[string]*Totals, key string, e Entry) {
	t := m[key]
	if t == nil {
		t = &Totals{}
		m[key] = t
	}
	t.add(e)
}

func bySaved(m map[string]*Totals) []Group {
	out := groups(m)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Saved() != out[j].Saved() {
			return out[i].Saved() > out[j].Saved()
		}
		return out[i].Key < out[j].Key
	})
	return out
}

func byKey(m map[string]*Totals) []Group {
	out := groups(m)
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

func groups(m map[string]*Totals) []Group {
	out := make([]Group, 0, len(m))
	for k, t := range m {
		out = append(out, Group{Key: k, Totals: *t})
	}
	return out
}

// runners are programs that run another: the command key keeps the program
// they run ("npx jest", "go test", "python3 -m pytest").
var runners = map[string]bool{
	"npx": true, "pnpm": true, "pnpx": true, "yarn": true, "npm": true, "bun": true, "bunx": true,
	"go": true, "cargo": true, "uv": true, "uvx": true, "poetry": true, "pipenv": true,
	"dotnet": true, "deno": true, "make": true, "just": true,
}

// wrappers run a command unchanged: the key is that command's.
var wrappers = map[string]bool{"env": true, "time": true, "nice": true, "nohup": true, "command": true, "exec": true}

// scriptRunners run a package's named script with "run": the script's
// name says what ran ("npm run test"), where the word after another
// runner's name does ("npx jest").
var scriptRunners = map[string]bool{"npm": true, "pnpm": true, "yarn": true, "bun": true, "uv": true, "poetry": true}

// CommandKey is the part of a command that names what ran, the key of the
// per-command summary: the program's base name, plus the program or
// subcommand a runner runs. "npx jest --ci" -> "npx jest", "/usr/bin/python3
// -m pytest -x" -> "python3 -m pytest", "FOO=1 go test ./..." -> "go test".
func CommandKey(cmd string) string {
	f := strings.Fields(cmd)
	for len(f) > 0 && isAssignment(f[0]) {
		f = f[1:] // leading VAR=value assignments
	}
	if len(f) == 0 {
		return PipeCommand
	}
	prog, rest := filepath.Base(f[0]), f[1:]
	if wrappers[prog] {
		for len(rest) > 0 && (strings.HasPrefix(rest[0], "-") || strings.Contains(rest[0], "=")) {
			rest = rest[1:] // the wrapper's options and env's assignments
		}
		return CommandKey(strings.Join(rest, " "))
	}
	return strings.Join(append([]string{prog}, ranTarget(prog, rest)...), " ")
}

// isAssignment: a VAR=value word before the program (not an option that
// holds "=").
func isAssignment(w string) bool { return strings.Contains(w, "=") && !strings.HasPrefix(w, "-") }

// ranTarget is what a program runs, when it runs another: the module of
// "python -m", the first word that is no option after a runner's name, or a
// script runner's "run" and script.
func ranTarget(prog string, rest []string) []string {
	switch {
	case strings.HasPrefix(prog, "python") && len(rest) >= 2 && rest[0] == "-m":
		return []string{"-m", rest[1]}
	case !runners[prog]:
		return nil
	}
	for i, a := range rest {
		if a == "run" && scriptRunners[prog] && i+1 < len(rest) {
			return []string{"run", filepath.Base(rest[i+1])}
		}
		if !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") {
			return []string{filepath.Base(a)}
		}
	}
	return nil
}
