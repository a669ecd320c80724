package profiles_test

import (
	"encoding/xml"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
)

var (
	// surefireFrame is a stack frame of a failure's text.
	surefireFrame = regexp.MustCompile(`^\s*at ([\w.$]+)\.[\w$<>]+\((\w+\.java):(\d+)\)$`)
	// javacError is javac's line for an error: "src/a/B.java:12: error: what".
	javacError = regexp.MustCompile(`^(\S+\.java):(\d+): error: (.+)$`)
)

// surefireProblem is a testcase's <failure> or <error>.
type surefireProblem struct {
	Message string `xml:"message,attr"`
	Text    string `xml:",chardata"`
}

// surefireCase is a testcase of a Surefire report.
type surefireCase struct {
	Name      string           `xml:"name,attr"`
	Classname string           `xml:"classname,attr"`
	Failure   *surefireProblem `xml:"failure"`
	Error     *surefireProblem `xml:"error"`
}

// junitTruths reads the JUnit XML of one run (TEST-*.xml files in one
// <testsuites>), as Surefire and Gradle's test task write it: each failing
// or erring testcase as named, whose place is its first frame in the test
// class, the frame the consoles name (none: "(unknown file)").
func junitTruths(t *testing.T, data []byte, named func(c surefireCase, p *surefireProblem) truth) []truth {
	t.Helper()
	var doc struct {
		Suites []struct {
			Cases []surefireCase `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out []truth
	for _, s := range doc.Suites {
		for _, c := range s.Cases {
			p := c.Failure
			if p == nil {
				p = c.Error
			}
			if p == nil {
				continue
			}
			w := named(c, p)
			w.File = "(unknown file)"
			for _, l := range strings.Split(p.Text, "\n") {
				if m := surefireFrame.FindStringSubmatch(l); m != nil && m[1] == c.Classname {
					w.File = m[2]
					w.Line, _ = strconv.Atoi(m[3])
					break
				}
			}
			out = append(out, w)
		}
	}
	return out
}

// javacTruthAt reads javac's errors for the project of the report's name,
// under the directory fixture the build ran in, each up to its message's
// first colon.
func javacTruthAt(fixture, path, data string) []truth {
	project := strings.TrimSuffix(filepath.Base(path), ".truth")
	var out []truth
	for _, l := range strings.Split(data, "\n") {
		m := javacError.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		line, _ := strconv.Atoi(m[2])
		msg, _, _ := strings.Cut(m[3], ":")
		out = append(out, truth{File: fixture + project + "/" + m[1], Line: line, Message: msg})
	}
	return out
}

// Maven is claimed by its test-running goals, through the wrapper too;
// PHPUnit by its name, from vendor/bin too.
func TestMavenAndPHPUnitByCommand(t *testing.T) {
	set := builtin(t)
	for cmd, want := range map[string]string{
		"mvn test":                     "maven",
		"./mvnw test":                  "maven",
		"mvn verify":                   "maven",
		"mvn -B test":                  "maven",
		"mvn -o -q verify":             "maven",
		"phpunit":                      "phpunit",
		"vendor/bin/phpunit --testdox": "phpunit",
		"./vendor/bin/phpunit tests":   "phpunit",
		"bundle exec rspec":            "rspec",
		"rake test":                    "minitest",
		"ctest --output-on-failure":    "ctest",
		"mvn surefire:test":            "maven",
		"mvn clean install":            "maven",
	} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != want {
			t.Errorf("ForArgv(%q) = %v, want %s", cmd, p, want)
		}
	}
}

// Goals that print what the user asked to read are Maven's own business:
// shaped as a build, their output would be dropped as unmatched lines.
func TestMavenAndGradleLeaveInformationalTasksAlone(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"mvn dependency:tree", "mvn help:effective-pom", "./mvnw -q dependency:list",
		"mvn -v", "gradle tasks", "./gradlew dependencies", "gradle -q properties", "./gradlew :app:dependencies"} {
		if p := set.ForArgv(strings.Fields(cmd)); p != nil {
			t.Errorf("ForArgv(%q) = %s, want none", cmd, p.Name)
		}
	}
}

// Maven's log without colour starts "[INFO] ": text, not a JSON array.
func TestMavenLogIsNotJSON(t *testing.T) {
	for in, want := range map[string]bool{
		"[INFO] Scanning for projects...\n": false,
		"[WARNING] x\n":                     false,
		"[1, 2]":                            true,
		"[\n  {\"a\": 1}\n]":                true,
		"[]":                                true,
		"[":                                 true,
		"[\"x\"]":                           true,
		"{\"a\": 1}":                        true,
	} {
		if got := profiles.LooksLikeJSON([]byte(in)); got != want {
			t.Errorf("LooksLikeJSON(%q) = %v, want %v", in, got, want)
		}
	}
}
