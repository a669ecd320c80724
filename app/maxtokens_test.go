package app

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

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
	files, _ := filepath.Glob("../testdata/*/captures/*.txt")
	if len(files) < 20 {
		t.Fatalf("%d captures", len(files))
	}
	if testing.Short() {
		files = files[:len(files)/3]
	}
	for _, path := range files {
		for _, n := range []int{300, 1000, 5000} {
			checkBudgetPages(t, path, n)
		}
	}
}

func checkBudgetPages(t *testing.T, path string, n int) {
	t.Helper()
	args := []string{"terse", "--max-tokens", strconv.Itoa(n), "--no-group"}
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
		if got > n {
			t.Errorf("%s, --max-tokens %d, offset %d: %d tokens:\n%s", path, n, offset, got, out.String())
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
		args = []string{"terse", "--max-tokens", strconv.Itoa(n), "--no-group", "--offset", nm[1]}
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
