package jsonshape

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/terse-dev/terse/report"
)

var testHints = Hints{
	Next:      func(off int) string { return "… | terse --offset " + strconv.Itoa(off) },
	More:      "… | terse --verbose",
	AllFields: "… | terse",
}

func shapeJSON(t *testing.T, in string, opt Options) string {
	t.Helper()
	d, err := Shape(strings.NewReader(in), opt)
	if err != nil {
		t.Fatalf("Shape(%s): %v", in, err)
	}
	var b bytes.Buffer
	if err := WriteJSON(&b, d, testHints, false); err != nil {
		t.Fatal(err)
	}
	if !json.Valid(b.Bytes()) && !d.Seq {
		t.Fatalf("output is not JSON: %s", b.String())
	}
	return b.String()
}

func shapeText(t *testing.T, in string, opt Options) string {
	t.Helper()
	d, err := Shape(strings.NewReader(in), opt)
	if err != nil {
		t.Fatalf("Shape(%s): %v", in, err)
	}
	var b bytes.Buffer
	if err := WriteLLM(&b, d, testHints); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestShapeCompactsAndPrunes(t *testing.T) {
	cases := []struct{ in, want string }{
		{`{ "a" : 1 ,"b":null, "c":"", "d":[], "e":{}, "f":{"g":null}, "h":false, "i":0 }`, `{"a":1,"h":false,"i":0}` + "\n"},
		{"[\n  1,\n  null,\n  {\"x\": null, \"y\": 2}\n]", `[1,null,{"y":2}]` + "\n"},
		{`"just a string"`, `"just a string"` + "\n"},
		{`{"html":"<a href=\"x\">&</a>","u":"\u00e9\u2028"}`, `{"html":"<a href=\"x\">&</a>","u":"é\u2028"}` + "\n"},
		{`{"n":1.50e3,"big":123456789012345678901234567890}`, `{"n":1.50e3,"big":123456789012345678901234567890}` + "\n"},
		{`{"ansi":"\u001b[31mred\u001b[0m"}`, `{"ansi":"red"}` + "\n"},
	}
	for _, c := range cases {
		if got := shapeJSON(t, c.in, Options{}); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// The order of keys is the input's, whatever it is.
func TestShapeKeepsKeyOrder(t *testing.T) {
	in := `{"zeta":1,"alpha":{"y":1,"b":2},"mid":[{"k2":1,"k1":2}]}`
	if got := shapeJSON(t, in, Options{}); got != in+"\n" {
		t.Fatalf("got %s", got)
	}
}

func items(n int, f func(i int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = f(i)
	}
	return "[" + strings.Join(parts, ",") + "]"
}

func TestMainListIsTheLargest(t *testing.T) {
	in := `{"tags":["a","b","c"],"data":{"rows":` + items(5, func(i int) string { return strconv.Itoa(i) }) + `},"more":["x"]}`
	got := shapeJSON(t, in, Options{Window: report.Window{Limit: 2}})
	want := `{"tags":["a","b","c"],"data":{"rows":[0,1]},"more":["x"],"pagination":{"total":5,"limit":2,"offset":0,"hasMore":true},"next":"… | terse --offset 2"}` + "\n"
	if got != want {
		t.Fatalf("got  %swant %s", got, want)
	}
	// A profile can name the list instead.
	got = shapeJSON(t, in, Options{Window: report.Window{Limit: 2}, List: []string{"tags"}})
	if !strings.HasPrefix(got, `{"tags":["a","b"],"data":{"rows":[0,1,2,3,4]}`) {
		t.Fatalf("named list: %s", got)
	}
}

// Every item is on exactly one page; the last page says there is no more.
func TestPagesCoverTheList(t *testing.T) {
	in := items(23, func(i int) string { return fmt.Sprintf(`{"id":%d}`, i) })
	seen := map[string]bool{}
	for off := 0; off < 30; off += 5 {
		d, err := Shape(strings.NewReader(in), Options{Window: report.Window{Offset: off, Limit: 5}})
		if err != nil {
			t.Fatal(err)
		}
		if d.List == nil || d.List.Total != 23 {
			t.Fatalf("offset %d: list %+v", off, d.List)
		}
		for _, it := range d.Root.([]any) {
			k := string(Encode(it))
			if seen[k] {
				t.Fatalf("item %s on two pages", k)
			}
			seen[k] = true
		}
		if want := off+5 < 23; d.List.HasMore() != want {
			t.Fatalf("offset %d: hasMore %v", off, d.List.HasMore())
		}
	}
	if len(seen) != 23 {
		t.Fatalf("pages hold %d of 23 items", len(seen))
	}
	got := shapeJSON(t, in, Options{Window: report.Window{Offset: 20, Limit: 5}})
	want := `{"items":[{"id":20},{"id":21},{"id":22}],"pagination":{"total":23,"limit":5,"offset":20,"hasMore":false}}` + "\n"
	if got != want {
		t.Fatalf("last page: %s", got)
	}
	if got := shapeJSON(t, in, Options{}); !strings.HasPrefix(got, `[{"id":0}`) || strings.Contains(got, "pagination") {
		t.Fatalf("--limit 0: %s", got)
	}
}

func TestFieldsProjectionCountsWhatItDrops(t *testing.T) {
	in := `{"tasks":[{"id":"T1","title":"a","description":"long text here","notes":null},{"id":"T2","title":"b","description":"more"}]}`
	got := shapeJSON(t, in, Options{Fields: []string{"id", "title"}})
	// `"description":"long text here",` is 6 o200k_base tokens and
	// `"description":"more",` 4 (terse tokens counts them so).
	want := `{"tasks":[{"id":"T1","title":"a"},{"id":"T2","title":"b"}],"omitted":{"description":10},"more":"… | terse"}` + "\n"
	if got != want {
		t.Fatalf("got  %swant %s", got, want)
	}
}

func TestVerboseAndNoiseFields(t *testing.T) {
	in := `{"timestamp":"2026-01-02T03:04:05Z","features":[{"id":"f1","scenarios":[{"id":"s1","steps":[{"type":"given","description":"x"}]},{"id":"s2"}],"owner":"me"}]}`
	opt := Options{VerboseFields: []string{"scenarios.steps", "owner"}, NoiseFields: []string{"timestamp"}}
	got := shapeJSON(t, in, opt)
	// The members left out, in o200k_base tokens: `"timestamp":"2026-01-02T03:04:05Z",` 17,
	// `"steps":[{"type":"given","description":"x"}],` 13, `"owner":"me",` 5.
	want := `{"features":[{"id":"f1","scenarios":[{"id":"s1"},{"id":"s2"}]}],"omitted":{"timestamp":17,"scenarios.steps":13,"owner":5},"more":"… | terse --verbose"}` + "\n"
	if got != want {
		t.Fatalf("got  %swant %s", got, want)
	}
	opt.Verbose = true
	got = shapeJSON(t, in, opt)
	want = `{"features":[{"id":"f1","scenarios":[{"id":"s1","steps":[{"type":"given","description":"x"}]},{"id":"s2"}],"owner":"me"}],"omitted":{"timestamp":17}}` + "\n"
	if got != want {
		t.Fatalf("verbose: got  %swant %s", got, want)
	}
}

// Terse's keys never overwrite the document's own.
func TestEnvelopeKeysDoNotClash(t *testing.T) {
	in := `{"pagination":{"page":1},"rows":[1,2,3]}`
	got := shapeJSON(t, in, Options{Window: report.Window{Limit: 1}})
	want := `{"pagination":{"page":1},"rows":[1],"terse_pagination":{"total":3,"limit":1,"offset":0,"hasMore":true},"next":"… | terse --offset 1"}` + "\n"
	if got != want {
		t.Fatalf("got  %swant %s", got, want)
	}
}

func TestSequences(t *testing.T) {
	lines := "{\"n\":1}\n{\"n\":2}\n{\"n\":3,\"x\":null}\n"
	if got := shapeJSON(t, lines, Options{}); got != "{\"n\":1}\n{\"n\":2}\n{\"n\":3}\n" {
		t.Fatalf("lines: %q", got)
	}
	got := shapeJSON(t, lines, Options{Window: report.Window{Offset: 1, Limit: 1}})
	if got != `{"items":[{"n":2}],"pagination":{"total":3,"limit":1,"offset":1,"hasMore":true},"next":"… | terse --offset 2"}`+"\n" {
		t.Fatalf("page: %s", got)
	}
	// Values printed one after the other, indented, as `go list -json` does.
	if got := shapeJSON(t, "{\n \"a\": 1\n}\n{\n \"a\": 2\n}\n", Options{}); got != "{\"a\":1}\n{\"a\":2}\n" {
		t.Fatalf("concatenated: %q", got)
	}
	// A first value too large to keep whole.
	big := `{"rows":` + items(50, strconv.Itoa) + "}\n{}\n"
	if _, err := Shape(strings.NewReader(big), Options{Window: report.Window{Limit: 2}, Budget: 8}); !errors.Is(err, ErrSeqTooLarge) {
		t.Fatalf("err = %v, want ErrSeqTooLarge", err)
	}
}

// Within the budget, lists other than the main one come out whole; beyond
// it the largest is cut to the page too, and a note says so.
func TestBudget(t *testing.T) {
	in := `{"a":` + items(30, strconv.Itoa) + `,"b":` + items(40, strconv.Itoa) + `}`
	got := shapeJSON(t, in, Options{Window: report.Window{Limit: 2}})
	if !strings.HasPrefix(got, `{"a":[0,1,2,3,4,5,6,7,8,9,10,`) || !strings.Contains(got, `"b":[0,1],`) {
		t.Fatalf("within budget: %s", got)
	}
	d, err := Shape(strings.NewReader(in), Options{Window: report.Window{Limit: 2}, Budget: 10})
	if err != nil {
		t.Fatal(err)
	}
	got = string(Encode(d.Root))
	if got != `{"a":[0,1],"b":[0,1]}` || len(d.Notes) != 1 || !strings.Contains(d.Notes[0], "list a cut to its page too (2 of 30 items)") {
		t.Fatalf("beyond budget: %s %q", got, d.Notes)
	}
}

func TestBadInput(t *testing.T) {
	cases := []struct {
		in        string
		truncated bool
	}{
		{`{"a": [1, 2`, true},
		{`{"a": 1`, true},
		{`[{"x":"unterminated`, true},
		{`{"a": 1,}`, false},
		{`[1 2]`, false},
		{`{"a":1} trailing text`, false},
		{`{"a":1}{"b":`, true},
		{``, false},
	}
	for _, c := range cases {
		_, err := Shape(strings.NewReader(c.in), Options{Window: report.Window{Limit: 1}})
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%q: err = %v, want an InputError", c.in, err)
			continue
		}
		if ie.Truncated != c.truncated {
			t.Errorf("%q: truncated = %v (%v)", c.in, ie.Truncated, err)
		}
		if c.truncated && ie.Offset != int64(len(c.in)) {
			t.Errorf("%q: offset %d, want %d", c.in, ie.Offset, len(c.in))
		}
	}
}

func TestWriteLLM(t *testing.T) {
	in := `{"success":true,"summary":{"total":3,"done":1},"task":{"id":"T1","hierarchy":{"parent":{"id":"T0"},"depth":1},"body":"line one\nline two\n"},"tasks":[{"id":"T1","title":"Fix the login","labels":["a","b c"],"n":"42"},{"id":"T2","title":"x=y"}],"tags":["x","y"]}`
	got := shapeText(t, in, Options{Window: report.Window{Limit: 1}, Fields: []string{"id", "title", "labels", "n"}})
	want := `success: true
summary: total=3 done=1
task: id=T1
task.hierarchy: parent={id=T0} depth=1
task.body:
  line one
  line two
tasks:
- id=T1 title="Fix the login" labels=[a,"b c"] n="42"
tags: x, y
… 1 more item (shown 1-1 of 2); next page: … | terse --offset 1
`
	if got != want {
		t.Fatalf("got:\n%s\nwant:\n%s", got, want)
	}
	got = shapeText(t, `[]`, Options{})
	if got != "(empty list)\n" {
		t.Fatalf("empty: %q", got)
	}
	if got = shapeText(t, `"two\nlines\u001b[0m"`, Options{}); got != "two\nlines\n" {
		t.Fatalf("string: %q", got)
	}
}

func TestAppendStringAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range []string{"plain", "quote\" back\\slash", "\x00\x01\x1f\t\n\r", "é ü 日本", "\u2028\u2029", "<>&", "bad \xff utf8"} {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(s)
		got := string(AppendString(nil, s))
		w := strings.TrimSuffix(want.String(), "\n")
		if got != w {
			t.Errorf("%q: got %s want %s", s, got, w)
		}
	}
}

func TestOrderLike(t *testing.T) {
	in, err := Parse([]byte(`{"passed":false,"overall":{"total":2,"pct":50},"items":[{"feature_id":"a","total":1,"pct":3}],"threshold":80}`))
	if err != nil {
		t.Fatal(err)
	}
	out := FromPlain(map[string]any{"threshold": 80, "passed": false, "items": []any{map[string]any{"pct": 3, "total": 1, "feature_id": "a"}},
		"new": 1, "overall": map[string]any{"pct": 50, "total": 2}})
	OrderLike(out, KeyRanks(in))
	want := `{"passed":false,"overall":{"total":2,"pct":50},"items":[{"feature_id":"a","total":1,"pct":3}],"threshold":80,"new":1}`
	if got := string(Encode(out)); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
}

func TestJQErrorShowsTheColumn(t *testing.T) {
	cases := []struct{ expr, want string }{
		{".tasks | map(.id", "--jq: syntax error: unexpected EOF\n  .tasks | map(.id\n                  ^"},
		{".a | ]", "--jq: syntax error: unexpected token \"]\"\n  .a | ]\n       ^"},
		{".a | nosuch(1)", "--jq: function not defined: nosuch/1\n  .a | nosuch(1)\n       ^"},
		{".a + $v", "--jq: variable not defined: $v\n  .a + $v\n       ^"},
		{".a |\n\t.b ]", "--jq: syntax error: unexpected token \"]\" (line 2)\n  \t.b ]\n  \t   ^"},
	}
	for _, c := range cases {
		_, err := CompileJQ(c.expr)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q:\n got %v\nwant %s", c.expr, err, c.want)
		}
	}
	if _, err := CompileJQ(".tasks[] | {id, title}"); err != nil {
		t.Fatal(err)
	}
}

func TestPartial(t *testing.T) {
	v := Partial([]byte(`{"numTotalTests": 3, "testResults": [{"name": "a"}, {"na`))
	m, ok := v.(map[string]any)
	if !ok || m["numTotalTests"] == nil {
		t.Fatalf("partial = %#v", v)
	}
	if _, ok := m["testResults"]; !ok {
		t.Fatalf("partial lacks the open list: %#v", v)
	}
}

// FuzzShape feeds the shaper arbitrary input: it never panics, gives an
// InputError (or ErrSeqTooLarge) or a document whose JSON rendering is valid
// and whose page respects the limit.
func FuzzShape(f *testing.F) {
	seeds := []string{
		`{"tasks":[{"id":"T1","description":"x"},{"id":"T2"}],"timestamp":"t"}`,
		`[1,2,3]`, "{\"a\":1}\n{\"a\":2}\n", `{"a":{"b":[{"c":[1,2]}]}}`, `{"a": [1, 2`, `"s"`, `null`,
		`{"a":1} text`, "\xef\xbb\xbf{}", `[{"x":"\u001b[31m"}]`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := Shape(bytes.NewReader(in), Options{Window: report.Window{Limit: 2},
			VerboseFields: []string{"description", "a.b"}, NoiseFields: []string{"timestamp"}, Budget: 64})
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) && !errors.Is(err, ErrSeqTooLarge) {
				t.Fatalf("unexpected error %T: %v", err, err)
			}
			return
		}
		if d.List != nil && d.List.Shown > 2 {
			t.Fatalf("page of %d items", d.List.Shown)
		}
		var b bytes.Buffer
		if err := WriteJSON(&b, d, testHints, false); err != nil {
			t.Fatal(err)
		}
		if !d.Seq && !json.Valid(b.Bytes()) {
			t.Fatalf("invalid JSON output %q for %q", b.String(), in)
		}
		if err := WriteLLM(io.Discard, d, testHints); err != nil {
			t.Fatal(err)
		}
	})
}

// Past the exact-count budget, a left-out value costs its bytes at the rate
// counted so far, and its field says it is an estimate.
func TestCostMeterBudget(t *testing.T) {
	var m costMeter
	small := []byte(`"note":"exactly counted",`)
	n, exact := m.cost(small)
	if !exact || n != Cost(small) {
		t.Fatalf("within budget: %d, exact %v; want %d, exact", n, exact, Cost(small))
	}
	m.bytes, m.tokens = exactBudget, exactBudget/4 // as if 8 MiB at 4 bytes a token had been counted
	big := make([]byte, 4000)
	n, exact = m.cost(big)
	if exact || n != 1000 {
		t.Errorf("past the budget: %d, exact %v; want 1000, estimated", n, exact)
	}
	var o omissions
	o.add1("a", "", 5, false)
	o.add1("a", "", 7, true)
	if len(o.list) != 1 || o.list[0].Tokens != 12 || !o.list[0].Estimated {
		t.Errorf("omissions: %+v", o.list)
	}
}
