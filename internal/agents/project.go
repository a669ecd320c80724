package agents

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/terse-dev/terse/internal/safefile"
)

// maxProjectFile bounds what is read of a package.json, Makefile or
// justfile: the hook runs before every shell command.
const maxProjectFile = 1 << 20

// Project reads the scripts and targets of a project directory, each file
// once. A file that is missing, too large or not readable holds none.
type Project struct {
	Dir string

	scripts map[string]string
	read    bool
}

// Scripts are package.json's scripts in the project directory.
func (p *Project) Scripts() map[string]string {
	if p == nil {
		return nil
	}
	if !p.read {
		p.read = true
		data, err := safefile.ReadRegular(filepath.Join(p.Dir, "package.json"), maxProjectFile)
		if err == nil {
			var doc struct {
				Scripts map[string]json.RawMessage `json:"scripts"`
			}
			if json.Unmarshal(data, &doc) == nil {
				p.scripts = map[string]string{}
				for k, v := range doc.Scripts {
					var s string
					if json.Unmarshal(v, &s) == nil {
						p.scripts[k] = s
					}
				}
			}
		}
	}
	return p.scripts
}

// maxProjectCommands bounds the commands Commands lists.
const maxProjectCommands = 40

// Commands lists the project's own test, lint and build commands, as an
// agent would type them: package.json's scripts (with the package manager
// its lock file names), the Makefile's targets, the justfile's recipes,
// tox and nox, go test and pytest where their project files are.
func (p *Project) Commands() []string {
	var out []string
	has := func(name string) bool {
		_, err := os.Stat(filepath.Join(p.Dir, name))
		return err == nil
	}
	pm := "npm"
	switch {
	case has("pnpm-lock.yaml"):
		pm = "pnpm"
	case has("yarn.lock"):
		pm = "yarn"
	case has("bun.lockb") || has("bun.lock"):
		pm = "bun"
	}
	scripts := p.Scripts()
	names := make([]string, 0, len(scripts))
	for n := range scripts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if n == "test" && pm != "bun" {
			out = append(out, pm+" test")
		} else {
			out = append(out, pm+" run "+n)
		}
	}
	for tool, read := range map[string]func(string, string) (map[string][]string, []string){"make": p.Makefile, "just": p.Justfile} {
		_, order := read("", "")
		for _, t := range order {
			if !strings.ContainsAny(t, "./") {
				out = append(out, tool+" "+t)
			}
		}
	}
	if has("tox.ini") {
		out = append(out, "tox")
	}
	if has("noxfile.py") {
		out = append(out, "nox")
	}
	if has("go.mod") {
		out = append(out, "go test ./...")
	}
	if has("pyproject.toml") || has("pytest.ini") || has("setup.cfg") {
		out = append(out, "pytest")
	}
	if len(out) > maxProjectCommands {
		out = out[:maxProjectCommands]
	}
	return out
}

// file reads a project file, in dir when it is given (relative to the
// project directory).
func (p *Project) file(dir string, names ...string) []byte {
	if p == nil {
		return nil
	}
	base := p.Dir
	if dir != "" {
		if filepath.IsAbs(dir) {
			base = dir
		} else {
			base = filepath.Join(p.Dir, dir)
		}
	}
	for _, n := range names {
		if !filepath.IsAbs(n) {
			n = filepath.Join(base, n)
		}
		if data, err := safefile.ReadRegular(n, maxProjectFile); err == nil {
			return data
		}
	}
	return nil
}

// Makefile returns the recipes of the Makefile make reads (GNUmakefile,
// makefile, Makefile, or file), by target, and the targets in order. It
// reads rules only: `a b: deps` and the tab-indented lines after; variables,
// includes and pattern rules are not expanded.
func (p *Project) Makefile(dir, file string) (map[string][]string, []string) {
	names := []string{"GNUmakefile", "makefile", "Makefile"}
	if file != "" {
		names = []string{file}
	}
	return rules(p.file(dir, names...), "\t")
}

// Justfile returns a justfile's recipes, as Makefile does.
func (p *Project) Justfile(dir, file string) (map[string][]string, []string) {
	names := []string{"justfile", "Justfile", ".justfile"}
	if file != "" {
		names = []string{file}
	}
	return rules(p.file(dir, names...), " ")
}

// rules reads `target: ...` lines and the indented recipe lines after each.
func rules(data []byte, indent string) (map[string][]string, []string) {
	out := map[string][]string{}
	var order, current []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), maxProjectFile)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "\t") || (indent == " " && strings.HasPrefix(line, " ")) {
			for _, t := range current {
				out[t] = append(out[t], strings.TrimSpace(line))
			}
			continue
		}
		current = nil
		head, _, ok := strings.Cut(line, ":")
		// A make variable's assignment has = before its first colon; a
		// just recipe's parameters may have defaults (name arg='x':).
		if !ok || strings.HasPrefix(line, "#") || (indent == "\t" && strings.Contains(head, "=")) || strings.HasPrefix(line, ".") {
			continue
		}
		if strings.HasPrefix(strings.TrimPrefix(line, head+":"), "=") {
			continue // a := assignment
		}
		fields := strings.Fields(head)
		if indent == " " && len(fields) > 0 {
			fields = fields[:1] // just: the name, then its parameters
			fields[0] = strings.TrimPrefix(fields[0], "@")
		}
		for _, t := range fields {
			if strings.ContainsAny(t, "%$") {
				continue
			}
			if _, seen := out[t]; !seen {
				order = append(order, t)
				out[t] = nil
			}
			current = append(current, t)
		}
	}
	return out, order
}

// Startable says why the program a shell would run for name (a word with a
// slash: that path, relative to dir; else the first executable of that
// name in the PATH) is not one a wrapper can start the way the shell does:
// an executable file with neither a `#!` line nor a binary's header is run
// by bash as a shell script, where exec fails ("exec format error", 126).
// It returns "" when the program starts, or is not found (terse then says
// so and exits 127, as the shell would).
func Startable(name, dir, pathList string) string {
	file := ""
	if strings.Contains(name, "/") {
		file = name
		if !filepath.IsAbs(file) && dir != "" {
			file = filepath.Join(dir, file)
		}
	} else {
		for _, d := range filepath.SplitList(pathList) {
			if d == "" {
				d = "."
			}
			if !filepath.IsAbs(d) && dir != "" {
				d = filepath.Join(dir, d)
			}
			c := filepath.Join(d, name)
			if fi, err := os.Stat(c); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
				file = c
				break
			}
		}
	}
	if file == "" {
		return ""
	}
	fi, err := os.Stat(file)
	if err != nil || !fi.Mode().IsRegular() {
		return ""
	}
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 4)
	n, _ := f.Read(head)
	head = head[:n]
	for _, magic := range [][]byte{[]byte("#!"), []byte("\x7fELF"), {0xcf, 0xfa, 0xed, 0xfe}, {0xce, 0xfa, 0xed, 0xfe}, {0xca, 0xfe, 0xba, 0xbe}, []byte("MZ")} {
		if bytes.HasPrefix(head, magic) {
			return ""
		}
	}
	return file + " has no #! line: the shell runs it as a script, a wrapper could not start it"
}

// Patterns are the user's changes to what is wrapped, from TERSE_WRAP:
// words separated by blanks or commas; `NAME` or `+NAME` wraps the scripts
// and targets NAME matches (a glob: `test:*`), `-NAME` never wraps them, nor
// a program of that name.
type Patterns struct {
	Add, Remove []string
}

// ParsePatterns reads TERSE_WRAP's value.
func ParsePatterns(s string) Patterns {
	var p Patterns
	for _, w := range strings.FieldsFunc(s, func(c rune) bool { return c == ',' || c == ' ' || c == '\t' || c == '\n' }) {
		switch {
		case strings.HasPrefix(w, "-") && len(w) > 1:
			p.Remove = append(p.Remove, w[1:])
		case strings.HasPrefix(w, "+") && len(w) > 1:
			p.Add = append(p.Add, w[1:])
		case !strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "+"):
			p.Add = append(p.Add, w)
		}
	}
	return p
}

func (p Patterns) adds(name string) bool    { return matchAny(p.Add, name) }
func (p Patterns) removes(name string) bool { return matchAny(p.Remove, name) }
