package fastre

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
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
	files, err := filepath.Glob(filepath.Join("..", "..", "profiles", dir, "testdata", "captures", "*.txt"))
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

// eachLine runs f on every line at each round of b, and reports MB per
// CPU-second beside the wall-clock MB/s: on a shared, loaded machine the
// CPU time measures the code rather than the load.
func eachLine(b *testing.B, lines []string, size int, f func(string)) {
	b.SetBytes(int64(size))
	cpu := cpuTime()
	for b.Loop() {
		for _, l := range lines {
			f(l)
		}
	}
	if d := cpuTime() - cpu; d > 0 && cpu > 0 {
		b.ReportMetric(float64(size)*float64(b.N)/1e6/d.Seconds(), "MB/cpu-s")
	}
}

// cpuTime is the CPU time the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkSubmatch compares FindStringSubmatchIndex of fastre and regexp
// over every line of real captures, and the backtracker alone.
func BenchmarkSubmatch(b *testing.B) {
	for _, c := range benchPatterns {
		lines := benchLines(b, c.dir)
		size := 0
		for _, l := range lines {
			size += len(l)
		}
		std, fast := regexp.MustCompile(c.pattern), MustCompile(c.pattern)
		b.Run(c.name+"/regexp", func(b *testing.B) {
			eachLine(b, lines, size, func(l string) { std.FindStringSubmatchIndex(l) })
		})
		b.Run(c.name+"/fastre", func(b *testing.B) {
			eachLine(b, lines, size, func(l string) { fast.FindStringSubmatchIndex(l) })
		})
		// The backtracker alone, without the automaton asked first: the
		// path before the automaton.
		caps := make([]int, fast.ncap)
		b.Run(c.name+"/backtrack", func(b *testing.B) {
			eachLine(b, lines, size, func(l string) {
				for i := range caps {
					caps[i] = -1
				}
				fast.prog.search(l, caps)
			})
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
			eachLine(b, lines, size, func(l string) { std.MatchString(l) })
		})
		b.Run(c.name+"/backtrack", func(b *testing.B) {
			eachLine(b, lines, size, func(l string) { fast.prog.search(l, nil) })
		})
		b.Run(c.name+"/fastre", func(b *testing.B) {
			eachLine(b, lines, size, func(l string) { fast.MatchString(l) })
		})
	}
}
