package app

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/internal/parse/junit"
	"github.com/terse-dev/terse/internal/parse/pytest"
	"github.com/terse-dev/terse/report"
)

// This file is terse run's reading of the JUnit XML report the command
// wrote, where the command names one (pytest --junitxml=F, phpunit
// --log-junit F, ctest --output-junit F) or is Maven's (its
// target/surefire-reports). The console stays the page: the report fills
// in a failure's place or reason the console left out, and stands in for
// the console only where the console showed no failure at all (cut, or in
// a form no profile reads). A failure is never shown twice.

// junitFlags are the options that name a JUnit XML report file.
var junitFlags = []string{"--junitxml", "--junit-xml", "--log-junit", "--output-junit"}

// buildReports are where a build tool writes its JUnit XML reports
// unasked, by its program's name: Surefire's, and Gradle's test task's.
var buildReports = map[string]string{
	"mvn":     filepath.Join("target", "surefire-reports"),
	"mvnw":    filepath.Join("target", "surefire-reports"),
	"gradle":  filepath.Join("build", "test-results", "test"),
	"gradlew": filepath.Join("build", "test-results", "test"),
}

// junitReports are the JUnit XML files the command argv names, and for
// a build tool the reports it writes unasked (buildReports), resolved
// against cwd: those written since start only (a report left by an
// earlier run says nothing of this one).
func junitReports(argv []string, cwd string, start time.Time) []string {
	var names []string
	prog, args := commands.Program(argv)
	for i, a := range args {
		for _, f := range junitFlags {
			switch {
			case strings.HasPrefix(a, f+"="):
				names = append(names, strings.TrimPrefix(a, f+"="))
			case a == f && i+1 < len(args):
				names = append(names, args[i+1])
			}
		}
	}
	if dir, ok := buildReports[prog]; ok {
		m, _ := filepath.Glob(filepath.Join(cwd, dir, "TEST-*.xml"))
		sort.Strings(m)
		names = append(names, m...)
	}
	// File times may be kept to the second: a report of this run is one
	// no older than the second it started in.
	since := start.Truncate(time.Second)
	var out []string
	for _, n := range names {
		path := n
		if cwd != "" && !filepath.IsAbs(path) {
			path = filepath.Join(cwd, path)
		}
		if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && !st.ModTime().Before(since) {
			if rel, err := filepath.Rel(cwd, path); cwd != "" && err == nil && !strings.HasPrefix(rel, "..") {
				n = rel
			}
			out = append(out, n)
		}
	}
	return out
}

// readJUnit reads the JUnit XML report the command wrote during the run
// started at start, if it names one, into r (see withJUnit).
func (j *runJob) readJUnit(r *report.Report, start time.Time) {
	files := junitReports(j.argv, j.env.Cwd, start)
	if len(files) == 0 {
		return
	}
	abs := make([]string, len(files))
	for i, f := range files {
		abs[i] = f
		if j.env.Cwd != "" && !filepath.IsAbs(f) {
			abs[i] = filepath.Join(j.env.Cwd, f)
		}
	}
	jr, err := readJUnitReports(abs, parse.Options{Window: j.opt.Window, Cwd: j.env.Cwd})
	if err != nil {
		jr.Close()
		r.Notes = append(r.Notes, "JUnit report not read: "+err.Error())
		return
	}
	defer jr.Close()
	withJUnit(r, jr, files)
}

// readJUnitReports reads files into one report, paged as opt says; an
// unreadable file is left out, its error returned with the report of the
// rest.
func readJUnitReports(files []string, opt parse.Options) (*report.Report, error) {
	b := report.NewBuilder("junit", opt.Window)
	var errs []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		err = junit.Read(f, b, opt)
		f.Close()
		if err != nil {
			errs = append(errs, fmt.Sprintf("%s: %v", name, err))
		}
	}
	r := b.Finish()
	if len(errs) > 0 {
		return r, fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return r, nil
}

// withJUnit adds to r, the console's report, what the JUnit report jr of
// the same run says: the place and reason of a failure the console printed
// without them; every failure of jr, where the console showed none; a note
// counting jr's failures the console did not show otherwise. It returns
// nothing: r holds what it adds.
func withJUnit(r, jr *report.Report, files []string) {
	if len(jr.Failures) == 0 && jr.Page.Total == 0 {
		return
	}
	name := junitFilesName(files)
	if len(r.Failures) == 0 && r.Page.Total == 0 {
		r.Failures = append(r.Failures, jr.Failures...)
		r.Page = jr.Page
		if r.Tests.Total == 0 {
			r.Tests = jr.Tests
		}
		r.Status = report.StatusFail
		r.Notes = append(r.Notes, fmt.Sprintf("failures read from the JUnit report %s: the output showed none", name))
		return
	}
	filled, reasons, unmatched := 0, 0, 0
	for _, jf := range jr.Failures {
		i := matchFailure(r.Failures, jf.Name)
		if i < 0 {
			unmatched++
			continue
		}
		before := r.Failures[i].Message
		if fillFailure(&r.Failures[i], jf) {
			filled++
		}
		if r.Failures[i].Message != before {
			reasons++
		}
	}
	if filled > 0 {
		r.Notes = append(r.Notes, fmt.Sprintf("place or reason of %d failures from the JUnit report %s", filled, name))
	}
	retellSummaryNote(r, reasons, name)
	if unmatched > 0 && r.Page.Total < jr.Page.Total {
		r.Notes = append(r.Notes, fmt.Sprintf("the JUnit report %s lists %d failures, the output %d; all of them: terse --junit %s",
			name, jr.Page.Total, r.Page.Total, strings.Join(files, " ")))
	}
}

// retellSummaryNote makes pytest's note that messages come from the short
// test summary, cut to the terminal's width, say where they come from once
// the JUnit report name gave reasons of them whole: the report, for every
// message the summary cut, or else for the count it gave.
func retellSummaryNote(r *report.Report, reasons int, name string) {
	i := slices.Index(r.Notes, pytest.SummaryNote)
	if i < 0 || reasons == 0 {
		return
	}
	cut := 0
	for _, f := range r.Failures {
		if strings.HasSuffix(f.Message, "...") {
			cut++
		}
	}
	if cut > 0 {
		r.Notes[i] = fmt.Sprintf("%s; %d of them come whole from the JUnit report %s", pytest.SummaryNote, reasons, name)
		return
	}
	r.Notes[i] = pytest.SummaryNoteHead + ": the messages the short test summary cut to the terminal's width come whole from the JUnit report " + name
}

// junitFilesName names the report files in a note: the one file, or the
// directory of several (Surefire's).
func junitFilesName(files []string) string {
	if len(files) == 1 {
		return files[0]
	}
	return filepath.Dir(files[0]) + fmt.Sprintf(" (%d files)", len(files))
}

// fillFailure gives f what jf knows that f lacks: a place or its line, a
// reason, or the whole of a reason the console cut ("assert [3] ==...",
// or Gradle's short form, the exception's class alone, where the report
// has "java.lang.AssertionError: expected:<900> but was:<1100>").
func fillFailure(f *report.Failure, jf report.Failure) bool {
	changed := false
	sameFile := f.File != "" && jf.File != "" && (strings.HasSuffix(jf.File, f.File) || strings.HasSuffix(f.File, jf.File))
	if (f.File == "" || (f.Line == 0 && sameFile)) && jf.File != "" && jf.Line > 0 {
		f.File, f.Line = jf.File, jf.Line
		changed = true
	}
	cut := strings.TrimSuffix(f.Message, "...")
	cutAtClass := f.Message != "" && strings.HasPrefix(jf.Message, f.Message+": ")
	if jf.Message != "" && (f.Message == "" || cutAtClass || (cut != f.Message && strings.HasPrefix(jf.Message, cut) && jf.Message != cut)) {
		f.Message = jf.Message
		if len(f.Details) == 0 {
			f.Details = jf.Details
		}
		changed = true
	}
	return changed
}

// matchFailure finds the console failure that is the JUnit failure named
// name ("pkg.Class.method", "Class::method", "file.py::test"): the one
// whose name holds the test's own name and its class's (or file's) last
// part, each as a whole word; -1 when none or several do.
func matchFailure(fs []report.Failure, name string) int {
	parts := nameParts(name)
	if len(parts) == 0 {
		return -1
	}
	test := parts[len(parts)-1]
	owner := ""
	if len(parts) > 1 {
		owner = parts[len(parts)-2]
	}
	found := -1
	for i, f := range fs {
		cp := nameParts(f.Name + " " + f.File)
		if !hasPart(cp, test) || (owner != "" && !hasPart(cp, owner) && !hasPart(cp, strings.TrimSuffix(owner, ".py"))) {
			continue
		}
		if found >= 0 {
			return -1
		}
		found = i
	}
	return found
}

// nameParts splits a test's name into its words: package, class, file
// and test names; a data set's number stays with its test
// ("testX with data set #0" is testX@0).
func nameParts(name string) []string {
	name = strings.ReplaceAll(name, " with data set #", "@")
	return strings.FieldsFunc(name, func(r rune) bool {
		return r == '.' || r == ':' || r == '\\' || r == '/' || r == '(' || r == ')' || r == ' ' || r == '"'
	})
}

func hasPart(parts []string, p string) bool {
	for _, q := range parts {
		if q == p {
			return true
		}
	}
	return false
}
