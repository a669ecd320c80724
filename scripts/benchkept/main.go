// Command benchkept counts how many failures of a test run an output keeps,
// for the peer comparison of scripts/bench.sh: the same measure for terse
// and for tools that are not terse, so it reads only their text output.
//
//	benchkept gotest|vitest TRUTH OUTPUT
//
// TRUTH is the run's machine-readable record (go test -json, vitest's JSON
// reporter). A failure is kept when OUTPUT holds its name, its location
// (file base name and line) and its message. It prints "KEPT TOTAL".
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

type failure struct{ name, loc, msg string }

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: benchkept gotest|vitest TRUTH OUTPUT")
		os.Exit(2)
	}
	truth, err := os.ReadFile(os.Args[2])
	check(err)
	out, err := os.ReadFile(os.Args[3])
	check(err)
	var want []failure
	switch os.Args[1] {
	case "gotest":
		want = goTruth(truth)
	case "vitest":
		want = vitestTruth(truth)
	default:
		fmt.Fprintf(os.Stderr, "benchkept: unknown kind %q\n", os.Args[1])
		os.Exit(2)
	}
	kept := 0
	for _, f := range want {
		if bytes.Contains(out, []byte(f.name)) && bytes.Contains(out, []byte(f.loc)) && bytes.Contains(out, []byte(f.msg)) {
			kept++
		} else if os.Getenv("BENCHKEPT_VERBOSE") != "" {
			fmt.Fprintf(os.Stderr, "missing: %s %s %s\n", f.name, f.loc, f.msg)
		}
	}
	fmt.Println(kept, len(want))
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchkept:", err)
		os.Exit(1)
	}
}

var (
	goLogLine = regexp.MustCompile(`^\s+(\w+\.go):(\d+): (.*)$`)
	goFrame   = regexp.MustCompile(`^\s+(/\S+\.go):(\d+)`)
)

// goTruth reads go test -json: the failed tests that have no failed
// subtest, each with its first t.Error/t.Fatal line, or for a panic the
// panic line and the first frame outside the Go installation.
func goTruth(data []byte) []failure {
	type event struct{ Action, Package, Test, Output string }
	var order []string
	output := map[string][]string{}
	failed := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil || e.Test == "" {
			continue
		}
		key := e.Package + " " + e.Test
		switch e.Action {
		case "output":
			output[key] = append(output[key], strings.TrimRight(e.Output, "\n"))
		case "fail":
			failed[key] = true
			order = append(order, key)
		}
	}
	var out []failure
	for _, key := range order {
		pkg, test, _ := strings.Cut(key, " ")
		parent := false
		for k := range failed {
			if strings.HasPrefix(k, pkg+" "+test+"/") {
				parent = true
			}
		}
		if parent {
			continue
		}
		f := failure{name: test}
		for _, l := range output[key] {
			if m := goLogLine.FindStringSubmatch(l); m != nil && f.msg == "" {
				f.loc, f.msg = m[1]+":"+m[2], m[3]
			}
			if strings.HasPrefix(l, "panic: ") && f.msg == "" {
				f.msg = strings.TrimSuffix(l, " [recovered, repanicked]")
			}
			if m := goFrame.FindStringSubmatch(l); m != nil && f.loc == "" && !strings.HasPrefix(m[1], "/usr/local/go/") {
				f.loc = filepath.Base(m[1]) + ":" + m[2]
			}
		}
		out = append(out, f)
	}
	return out
}

var (
	jsLoc     = regexp.MustCompile(`/tmp/terse-fixtures/bench/vitest/(test/[^:\s]+):(\d+)`)
	errPrefix = regexp.MustCompile(`^\w*Error: `)
	// The matcher's comment, "// Object.is equality", says nothing the
	// message does not.
	jsComment = regexp.MustCompile(` // [\w. ]+$`)
)

// vitestTruth reads vitest's JSON reporter: each failed test's title, the
// line of its first frame in a test file, and its message's first line
// without the error type and the matcher's comment.
func vitestTruth(data []byte) []failure {
	var doc struct {
		TestResults []struct {
			Assertions []struct {
				Title    string   `json:"title"`
				Status   string   `json:"status"`
				Messages []string `json:"failureMessages"`
			} `json:"assertionResults"`
		} `json:"testResults"`
	}
	check(json.Unmarshal(data, &doc))
	var out []failure
	for _, tr := range doc.TestResults {
		for _, a := range tr.Assertions {
			if a.Status != "failed" || len(a.Messages) == 0 {
				continue
			}
			first, _, _ := strings.Cut(a.Messages[0], "\n")
			f := failure{name: a.Title, msg: jsComment.ReplaceAllString(errPrefix.ReplaceAllString(first, ""), "")}
			if m := jsLoc.FindStringSubmatch(a.Messages[0]); m != nil {
				f.loc = filepath.Base(m[1]) + ":" + m[2]
			}
			out = append(out, f)
		}
	}
	return out
}
