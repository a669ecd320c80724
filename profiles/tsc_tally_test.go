package profiles_test

import (
	"bytes"
	"testing"

	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// tsc prints its tally ("Found 130 errors in 5 files.") with --pretty only:
// a stream of a plain run and a pretty run of the same project lists every
// error twice above one tally. The status line counts the problems listed,
// as the pages hold them, in either order, detected and -p: the tally of
// the pretty run does not stand for the plain run's problems above it.
func TestTallyLessRunBeforeATallyCounts(t *testing.T) {
	set := builtin(t)
	tsc, ok := set.Get("tsc")
	if !ok {
		t.Fatal("no tsc profile")
	}
	for _, name := range []string{"many", "mixed"} {
		plain := readFile(t, "tsc/testdata/captures/"+name+".txt")
		pretty := readFile(t, "tsc/testdata/captures/"+name+".pretty.txt")
		truth := len(toolReport(t, "tsc", "tsc/testdata/captures/"+name+".txt"))
		if truth == 0 {
			t.Fatalf("%s: no error in the plain capture", name)
		}
		for _, c := range []struct {
			order string
			in    []byte
		}{
			{"plain then pretty", append(append([]byte(nil), plain...), pretty...)},
			{"pretty then plain", append(append([]byte(nil), pretty...), plain...)},
			{"plain, pretty, plain, pretty", bytes.Repeat(append(append([]byte(nil), plain...), pretty...), 2)},
		} {
			runs := 2
			if len(c.in) > len(plain)+len(pretty) {
				runs = 4
			}
			for _, prof := range []*profiles.Profile{nil, tsc} {
				out, err := set.Shape(bytes.NewReader(c.in), prof, profiles.Options{Window: report.Window{Limit: 0}})
				if err != nil {
					t.Fatal(err)
				}
				r := out.Report
				_, _, rows := lintRows(llmOfReport(t, r))
				if want := runs * truth; r.Lint == nil || r.Lint.Errors != want || rows != want {
					t.Errorf("%s, %s (profile %v): lint counts %+v, %d rows; want %d errors and rows", name, c.order, prof != nil, r.Lint, rows, want)
				}
				r.Close()
			}
		}
	}
}
