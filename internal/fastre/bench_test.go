package fastre

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// benchPatterns are patterns of the built-in profiles (gcc, mocha, mypy,
// tap, cargo) with the captures they run over.
var benchPatterns = []struct{ name, dir, pattern string }{
	{"gcc", "gcc", `^(?P<file>[^\s:]+):(?P<line>\d+):(?P<column>\d+): (?P<severity>fatal error|error|warning): (?P<message>.*?)(?: \[(?P<name>-W[^\]]+)\])?$`},
	{"mocha-at", "mocha", `^\s+at (?:.*? \()?(?:file://)?(?P<file>[^()\s]+?):(?P<line>\d+):(?P<column>\d+)\)?$`},
	{"mocha-name", "mocha", `^ {7,}(?P<name>\S.*?):?$`},
	{"mypy", "mypy", `^(?P<file>[^\s:]+):(?P<line>\d+):(?:(?P<column>\d+):)? (?P<severity>error|warning): (?P<message>.*?)(?:  \[(?P<name>[a-z][a-z0-9-]*)\])?$`},
	{"tap", "tap", `^\s*(?:not )?ok \d+\b|^# (?:tests|pass|fail) +\d+$|^\s*# Subtest: `},
	{"node", "mocha", `\(?node:[a-z_/]+:\d+:\d+\)?$|/node_modules/`},
	{"cargo", "cargo-build", `^\s*(Compiling|Checking|Finished|Running|Fresh|Blocking|Locking|Updating|Downloaded|Documenting)\b`},
	{"cargo-gutter", "cargo-build", `^\s*\d*\s*[|:]|^\s*\d+\s*[-+~]\s|^\s*\d+\s+\S|^\.\.\.$|^\s*\|`},
	{"cargo-note", "cargo-build", `^\s*= (note|help): .*(#\[(warn|deny|allow|forbid)\(|implied by|on by default|for further information visit|requested on the command line|to override ` + "`" + `)`},
}

// benchLines reads the text captures of one tool.
func benchLines(b *testing.B, dir string) []string {
	files, err := filepath.Glob(filepath.Join("..", "..", "testdata", dir, "captures", "*.txt"))
	if err != nil || len(files) == 0 {
		b.Fatalf("no captures for %s: %v", dir, err)
	}
	var lines []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	return lines
}

// BenchmarkSubmatch compares FindStringSubmatchIndex of fastre and regexp
// over every line of real captures.
func BenchmarkSubmatch(b *testing.B) {
	for _, c := range benchPatterns {
		lines := benchLines(b, c.dir)
		size := 0
		for _, l := range lines {
			size += len(l)
		}
		std, fast := regexp.MustCompile(c.pattern), MustCompile(c.pattern)
		b.Run(c.name+"/regexp", func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, l := range lines {
					std.FindStringSubmatchIndex(l)
				}
			}
		})
		b.Run(c.name+"/fastre", func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, l := range lines {
					fast.FindStringSubmatchIndex(l)
				}
			}
		})
	}
}

// BenchmarkMatchString compares MatchString of fastre and regexp over
// every line of real captures, and the backtracker alone (the path
// MatchString took before the automaton).
func BenchmarkMatchString(b *testing.B) {
	for _, c := range benchPatterns {
		lines := benchLines(b, c.dir)
		size := 0
		for _, l := range lines {
			size += len(l)
		}
		std, fast := regexp.MustCompile(c.pattern), MustCompile(c.pattern)
		b.Run(c.name+"/regexp", func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, l := range lines {
					std.MatchString(l)
				}
			}
		})
		b.Run(c.name+"/backtrack", func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, l := range lines {
					fast.prog.search(l, nil)
				}
			}
		})
		b.Run(c.name+"/fastre", func(b *testing.B) {
			b.SetBytes(int64(size))
			for b.Loop() {
				for _, l := range lines {
					fast.MatchString(l)
				}
			}
		})
	}
}
