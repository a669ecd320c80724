package app

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/longtest"
	"github.com/terse-dev/terse/tokens"
)

var (
	shownRe = regexp.MustCompile(`\(shown (\d+)-(\d+) of (\d+)`)
	nextRe  = regexp.MustCompile(`next page: … \| terse .*--offset (\d+)(?: --limit (\d+))?$`)
)

// For every text capture and N in {300, 1000, 5000}, --max-tokens N keeps
// every page within N o200k_base tokens, counted exactly, and the pages,
// followed by their next-page hints, reach every failure: none is dropped
// uncounted.
func TestMaxTokensFitsAndPagesEverything(t *testing.T) {
	files := pagedInputs(t)
	for _, path := range files {
		for _, n := range []int{300, 1000, 5000} {
			checkBudgetPages(t, path, n)
		}
	}
}

// pagedInputs is every text capture, and the streams of several runs
// (testdata/multi), whose pages mix failures with blocks of lines. Outside
// the long run (TERSE_LONG_TESTS=1) it takes every sixth capture of each
// tool's: each input is shaped once a page, and all of them took 470 s of
// the default run on a loaded 2-core host.
func pagedInputs(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("../../profiles/*/testdata/captures/*.txt")
	if len(files) < 20 {
		t.Fatalf("%d captures", len(files))
	}
	files = longtest.SampleByDir(files, 6)
	streams, _ := filepath.Glob("../../testdata/multi/streams/*.txt")
	if len(streams) < 3 {
		t.Fatalf("%d streams of several runs", len(streams))
	}
	return append(files, streams...)
}

// Without a budget too, the pages of a stream of several runs, whose pages
// mix failures with blocks of lines, follow one another: each says which
// of the entries it showed, and its next page starts after them (a page
// once counted only its failures, "shown 1-9" and next at offset 20, and the
// page there said "no failures at offset 20" over the blocks it showed).
func TestMergedPagesFollowOneAnother(t *testing.T) {
	streams, _ := filepath.Glob("../../testdata/multi/streams/*.txt")
	if len(streams) < 3 {
		t.Fatalf("%d streams of several runs", len(streams))
	}
	for _, path := range streams {
		for _, limit := range []int{3, 20} {
			checkPages(t, path, 0, []string{"--limit", strconv.Itoa(limit)})
		}
	}
}

func checkBudgetPages(t *testing.T, path string, n int) {
	t.Helper()
	checkPages(t, path, n, nil)
}

// checkPages follows the pages of terse's llm text of the capture at path,
// with a budget of n tokens (0: none) and flags, from the first to the last.
func checkPages(t *testing.T, path string, n int, flags []string) {
	t.Helper()
	first := []string{"terse", "--no-group"}
	if n > 0 {
		first = append(first, "--max-tokens", strconv.Itoa(n))
	}
	first = append(first, flags...)
	args := first
	offset := 0
	for page := 0; page < 1000; page++ {
		in, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		code := Main(args, Env{Stdin: in, Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }})
		in.Close()
		if code == 2 || out.Len() == 0 {
			t.Fatalf("%s, %v: exit %d, no output; stderr %s", path, args, code, errb.String())
		}
		got, err := tokens.Count(tokens.Default, out.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 && got > n {
			t.Errorf("%s, --max-tokens %d, offset %d: %d tokens:\n%s", path, n, offset, got, out.String())
			return
		}
		if strings.Contains(out.String(), " at offset ") {
			t.Errorf("%s, %v: a page past the end:\n%s", path, args, out.String())
			return
		}
		m := shownRe.FindStringSubmatch(out.String())
		if m == nil {
			return // the rest of the run is on this page
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		if a != offset+1 || b < a {
			t.Errorf("%s, --max-tokens %d: page at offset %d shows %d-%d", path, n, offset, a, b)
			return
		}
		last := lastLine(out.String())
		nm := nextRe.FindStringSubmatch(last)
		if nm == nil {
			t.Errorf("%s, --max-tokens %d: more failures and no next page: %q", path, n, last)
			return
		}
		next, _ := strconv.Atoi(nm[1])
		if next != b {
			t.Errorf("%s, --max-tokens %d: shown %d-%d, next page at offset %d", path, n, a, b, next)
			return
		}
		offset = next
		args = append(slices.Clone(first), "--offset", nm[1])
		if nm[2] != "" {
			args = append(args, "--limit", nm[2])
		}
	}
	t.Errorf("%s, --max-tokens %d: more than 1000 pages", path, n)
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// The same for JSON reports: each page of --json --max-tokens N is within N
// tokens, and following "next" from page to page reaches every failure the
// whole report (--limit 0) has, each once.
func TestMaxTokensJSONFitsAndPagesEverything(t *testing.T) {
	files := pagedInputs(t)
	for _, path := range files {
		all := jsonFailureKeys(t, path, []string{"terse", "--json", "--limit", "0"}, 0)
		slices.Sort(all)
		for _, n := range []int{300, 1000, 5000} {
			var got []string
			args := []string{"terse", "--json", "--max-tokens", strconv.Itoa(n)}
			for page := 0; args != nil; page++ {
				if page == 1000 {
					t.Fatalf("%s, --max-tokens %d: more than 1000 pages", path, n)
				}
				var keys []string
				keys, args = jsonPage(t, path, args, n)
				got = append(got, keys...)
			}
			// A group gathers its failures at the place of the first; a page
			// cut short is not grouped: the order may differ, not the set.
			slices.Sort(got)
			if strings.Join(got, "\n") != strings.Join(all, "\n") {
				t.Errorf("%s, --max-tokens %d: the pages show\n%s\nthe whole report has\n%s", path, n,
					strings.Join(got, "\n"), strings.Join(all, "\n"))
			}
		}
	}
}

// jsonFailureKeys is the failures of one JSON page, by file, line and name.
func jsonFailureKeys(t *testing.T, path string, args []string, n int) []string {
	keys, _ := jsonPage(t, path, args, n)
	return keys
}

// jsonPage runs terse on the capture and returns the page's failures and
// the arguments of its next page (nil on the last); with n > 0 it checks
// the page is within n tokens.
func jsonPage(t *testing.T, path string, args []string, n int) ([]string, []string) {
	t.Helper()
	out, doc := runJSONPage(t, path, args)
	if n > 0 {
		got, err := tokens.Count(tokens.Default, out)
		if err != nil {
			t.Fatal(err)
		}
		if got > n {
			t.Fatalf("%s, %v: %d tokens:\n%s", path, args, got, out)
		}
	}
	if n == 0 {
		return doc.keys(), nil
	}
	return doc.keys(), doc.next(t, path, args)
}

// jsonPageDoc is what the paging tests read of a JSON page.
type jsonPageDoc struct {
	Failures []struct {
		File string `json:"file"`
		Line int    `json:"line"`
		Name string `json:"name"`
	} `json:"failures"`
	Pagination *struct {
		Offset  int  `json:"offset"`
		HasMore bool `json:"hasMore"`
	} `json:"pagination"`
	Next string `json:"next"`
	Cut  string `json:"cut"`
}

// keys is the page's failures, by file, line and name.
func (d jsonPageDoc) keys() []string {
	var keys []string
	for _, f := range d.Failures {
		keys = append(keys, f.File+":"+strconv.Itoa(f.Line)+" "+strconv.Quote(f.Name))
	}
	return keys
}

// next is the arguments of the page after d (nil: d is the last).
func (d jsonPageDoc) next(t *testing.T, path string, args []string) []string {
	t.Helper()
	if d.Pagination == nil || !d.Pagination.HasMore {
		return nil
	}
	if !strings.HasPrefix(d.Next, "… | terse ") {
		t.Fatalf("%s, %v: more failures and no next page: %q", path, args, d.Next)
	}
	return strings.Fields(strings.TrimPrefix(d.Next, "… | "))
}

// runJSONPage runs terse with args on the capture at path, and returns its
// output and the page it read.
func runJSONPage(t *testing.T, path string, args []string) ([]byte, jsonPageDoc) {
	t.Helper()
	in, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var out, errb bytes.Buffer
	code := Main(args, Env{Stdin: in, Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }})
	if code == 2 || out.Len() == 0 {
		t.Fatalf("%s, %v: exit %d, no output; stderr %s", path, args, code, errb.String())
	}
	var doc jsonPageDoc
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		// A JSON document the input was, not a report: nothing to page.
		t.Fatalf("%s, %v: not JSON: %v\n%s", path, args, err, out.String())
	}
	return out.Bytes(), doc
}

// Under a budget too small for a page's head and one trimmed failure, the
// JSON pages still move on: each shows its first failure, trimmed, over
// the budget, and says so, and following "next" reaches every failure
// (captures of up to 200 failures: a page each; outside the long run, of
// up to 20, since each page shapes its capture again: those of 21 to 50
// took 40% of its default run). A
// page that held none named itself as the next page, and a harness that
// follows "next" read it forever.
func TestMaxTokensJSONTinyBudgetMovesOn(t *testing.T) {
	files := pagedInputs(t)
	most := 20
	if longtest.Enabled() {
		most = 200
	}
	over := 0
	for _, path := range files {
		all := jsonFailureKeys(t, path, []string{"terse", "--json", "--limit", "0"}, 0)
		if len(all) > most {
			continue // a page a failure: thousands of runs for a linter's capture
		}
		slices.Sort(all)
		for _, n := range []int{40, 120} {
			var got []string
			args := []string{"terse", "--json", "--max-tokens", strconv.Itoa(n)}
			at := -1
			for page := 0; args != nil; page++ {
				if page == 1000 {
					t.Fatalf("%s, --max-tokens %d: more than 1000 pages", path, n)
				}
				out, doc := runJSONPage(t, path, args)
				if doc.Pagination != nil {
					if doc.Pagination.Offset <= at {
						t.Fatalf("%s, %v: the page at offset %d follows the page at %d", path, args, doc.Pagination.Offset, at)
					}
					at = doc.Pagination.Offset
				}
				size, err := tokens.Count(tokens.Default, out)
				if err != nil {
					t.Fatal(err)
				}
				// (A page with no failure to show may be over too: its
				// status and counts alone, which nothing shortens.)
				if size > n && len(doc.Failures) > 0 {
					if !strings.Contains(doc.Cut, "shown over the budget") || len(doc.Failures) != 1 {
						t.Fatalf("%s, %v: %d tokens, and the cut does not say why:\n%s", path, args, size, out)
					}
					over++
				}
				got = append(got, doc.keys()...)
				args = doc.next(t, path, args)
			}
			slices.Sort(got)
			if strings.Join(got, "\n") != strings.Join(all, "\n") {
				t.Errorf("%s, --max-tokens %d: the pages show\n%s\nthe whole report has\n%s", path, n,
					strings.Join(got, "\n"), strings.Join(all, "\n"))
			}
		}
	}
	if over == 0 {
		t.Error("no page went over its budget: the budgets test nothing")
	}
}
