package profiles_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/itchyny/gojq"
)

// truthRead is the read: part of a tool's truth.yaml: where the tool's
// machine report of a capture is and how it becomes failures, as data, so
// that a new tool whose report is JSON, JSON lines, XML or lines adds no
// Go reader.
type truthRead struct {
	// Report is the report of a capture, relative to the tool's
	// testdata/; {name} is the capture's name up to its first dot
	// (mixed.color.txt: mixed).
	Report string `yaml:"report"`
	// Format is how the report becomes the value jq reads: json (the
	// document), jsonl (a value a line, as an array: jq --slurp), lines
	// (the lines as an array of strings), xml (each element an object:
	// "@attr" its attributes, "#text" its text, a child's tag an array of
	// the children of that tag; the root element under its tag) or
	// json-or-text (the document, or the report's whole text as a string
	// when it is not JSON: a tool that stops at its config prints its
	// error as text where the report would be).
	Format string `yaml:"format"`
	// JQ maps that value to the failures: objects with name, file, line,
	// column, severity, message and flaky (each optional; a lint tool's
	// failures have a severity, error, warning or note; flaky is true for
	// a test that failed, then passed on a retry), as an array or one
	// value each.
	JQ string `yaml:"jq"`
	// Beside names files a capture script wrote beside the report for
	// what the report cannot hold (jest's NAME.errors: a failing
	// globalTeardown is in no document), relative to testdata/ with
	// {name} as in Report. Each is read as lines and bound to the jq
	// variable of its key ($errors), null when the run wrote none.
	Beside map[string]string `yaml:"beside"`
	// Else reads a run that wrote no report where Report says, from the
	// report it wrote instead, with its own report, format and jq (a
	// build that does not compile runs no test and writes no JUnit XML:
	// its truth is the compiler's own report). Tried in turn, the first
	// read whose report the run wrote is the one.
	Else *truthRead `yaml:"else"`
}

// toolReport reads a report of tool's as its truth.yaml's read says: for a
// test that checks one report of a tool's outside TestFidelity.
func toolReport(t *testing.T, tool, path string) []truth {
	t.Helper()
	spec, ok, err := toolTruth(tool)
	if err != nil {
		t.Fatal(err)
	}
	if !ok || spec.Read == nil {
		t.Fatalf("profiles/%s/testdata/truth.yaml has no read: to read %s with", tool, path)
	}
	return spec.Read.readTruth(t, path)
}

// readTruth reads a report as r says, or as the read of its else: chain
// whose report path is. The program's $name is the capture's name ({name}):
// a compiler's report names files relative to the project the capture
// script named the capture after.
func (r *truthRead) readTruth(t *testing.T, path string) []truth {
	t.Helper()
	r = r.forReport(path)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	vars, err := r.besideFiles(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, taken := vars["name"]; taken {
		t.Fatalf("truth.yaml read.beside: $name is the capture's name, not a file's")
	}
	if vars == nil {
		vars = map[string]any{}
	}
	vars["name"] = captureName(path)
	got, err := r.recordsWith(data, vars)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return got
}

// forReport is the read of r's else: chain whose report path is, r when
// none names it (a test reading a report kept elsewhere).
func (r *truthRead) forReport(path string) *truthRead {
	name := captureName(path)
	for x := r; x != nil; x = x.Else {
		if x.Report != "" && strings.HasSuffix(filepath.ToSlash(path), "/"+strings.ReplaceAll(x.Report, "{name}", name)) {
			return x
		}
	}
	return r
}

// reportOf is the report of the capture called name under testdata: where
// r's Report says, else the first of its else: chain the run wrote; r's
// own when the run wrote none of them.
func (r *truthRead) reportOf(testdata, name string) string {
	first := filepath.Join(testdata, strings.ReplaceAll(r.Report, "{name}", name))
	for x := r; x != nil; x = x.Else {
		if p := filepath.Join(testdata, strings.ReplaceAll(x.Report, "{name}", name)); fileExists(p) {
			return p
		}
	}
	return first
}

// captureName is the name of the capture or report at path, {name} in a
// truth.yaml: its file name up to the first dot (mixed.color.txt: mixed).
func captureName(path string) string {
	name, _, _ := strings.Cut(filepath.Base(path), ".")
	return name
}

// besideFiles reads r.Beside for the report at path: the lines of each
// file, nil for a file the run did not write.
func (r *truthRead) besideFiles(path string) (map[string]any, error) {
	if len(r.Beside) == 0 {
		return nil, nil
	}
	// path is testdata/ joined with Report: as many folders up from the
	// report's own as Report names is testdata/.
	testdata := filepath.Dir(path)
	for range strings.Count(r.Report, "/") {
		testdata = filepath.Dir(testdata)
	}
	name := captureName(path)
	vars := map[string]any{}
	for v, p := range r.Beside {
		data, err := os.ReadFile(filepath.Join(testdata, strings.ReplaceAll(p, "{name}", name)))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			vars[v] = nil
		case err != nil:
			return nil, err
		default:
			vars[v], _ = truthInput("lines", data)
		}
	}
	return vars, nil
}

// records is the failures r's program makes of a report's bytes.
func (r *truthRead) records(data []byte) ([]truth, error) {
	return r.recordsWith(data, nil)
}

// recordsWith is records with the program's variables: $key is vars[key].
func (r *truthRead) recordsWith(data []byte, vars map[string]any) ([]truth, error) {
	in, err := truthInput(r.Format, data)
	if err != nil {
		return nil, err
	}
	q, err := gojq.Parse(r.JQ)
	if err != nil {
		return nil, fmt.Errorf("truth.yaml read.jq: %w", err)
	}
	var names []string
	var values []any
	for _, k := range slices.Sorted(maps.Keys(vars)) {
		names, values = append(names, "$"+k), append(values, vars[k])
	}
	code, err := gojq.Compile(q, gojq.WithVariables(names))
	if err != nil {
		return nil, fmt.Errorf("truth.yaml read.jq: %w", err)
	}
	out := []truth{}
	iter := code.Run(in, values...)
	for {
		v, ok := iter.Next()
		if !ok {
			return out, nil
		}
		if err, isErr := v.(error); isErr {
			return nil, fmt.Errorf("truth.yaml read.jq: %w", err)
		}
		vs, isArr := v.([]any)
		if !isArr {
			vs = []any{v}
		}
		for _, rec := range vs {
			w, err := truthRecord(rec)
			if err != nil {
				return nil, err
			}
			out = append(out, w)
		}
	}
}

// truthInput is the value a report's program reads, by its format.
func truthInput(format string, data []byte) (any, error) {
	switch format {
	case "json":
		return decodeJSON(data)
	case "jsonl":
		var all []any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		for {
			var v any
			err := dec.Decode(&v)
			if errors.Is(err, io.EOF) {
				return normalize(all), nil
			}
			if err != nil {
				return nil, fmt.Errorf("reading JSON lines: %w", err)
			}
			all = append(all, v)
		}
	case "lines":
		var lines []any
		for _, l := range strings.Split(strings.TrimRight(string(data), "\n"), "\n") {
			lines = append(lines, l)
		}
		return lines, nil
	case "xml":
		return decodeXML(data)
	case "json-or-text":
		// Valid, not a decode that fails: text that starts like JSON (a
		// number, "true") is text all the same.
		if !json.Valid(data) {
			return string(data), nil
		}
		return decodeJSON(data)
	}
	return nil, fmt.Errorf("truth.yaml read.format %q: want json, jsonl, lines, xml or json-or-text", format)
}

func decodeJSON(data []byte) (any, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("reading JSON: %w", err)
	}
	return normalize(v), nil
}

// normalize turns json.Number into the numbers gojq takes.
func normalize(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return int(i)
		}
		f, _ := x.Float64()
		return f
	case []any:
		for i := range x {
			x[i] = normalize(x[i])
		}
		return x
	case map[string]any:
		for k := range x {
			x[k] = normalize(x[k])
		}
		return x
	}
	return v
}

// decodeXML makes an XML document the value jq reads (see truthRead.Format).
func decodeXML(data []byte) (any, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	type open struct {
		tag  string
		node map[string]any
		text strings.Builder
	}
	var stack []*open
	var root map[string]any
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("reading XML: %w", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			node := map[string]any{}
			for _, a := range el.Attr {
				node["@"+a.Name.Local] = a.Value
			}
			stack = append(stack, &open{tag: el.Name.Local, node: node})
		case xml.CharData:
			if len(stack) > 0 {
				stack[len(stack)-1].text.Write(el)
			}
		case xml.EndElement:
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if s := strings.TrimSpace(top.text.String()); s != "" {
				top.node["#text"] = s
			}
			if len(stack) == 0 {
				root = map[string]any{top.tag: top.node}
				continue
			}
			parent := stack[len(stack)-1].node
			kids, _ := parent[top.tag].([]any)
			parent[top.tag] = append(kids, top.node)
		}
	}
	if root == nil {
		return nil, errors.New("reading XML: no element")
	}
	return root, nil
}

// truthRecord is one failure of a program's output.
func truthRecord(v any) (truth, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return truth{}, fmt.Errorf("truth.yaml read.jq gave %v: want objects with name, file, line, column, severity, message, flaky", v)
	}
	var w truth
	for k, x := range m {
		var err error
		switch k {
		case "name":
			w.Name, err = recordString(k, x)
		case "file":
			w.File, err = recordString(k, x)
		case "message":
			w.Message, err = recordString(k, x)
		case "severity":
			w.Severity, err = recordString(k, x)
		case "line":
			w.Line, err = recordInt(k, x)
		case "column":
			w.Column, err = recordInt(k, x)
		case "flaky":
			w.Flaky, err = recordBool(k, x)
		default:
			err = fmt.Errorf("truth.yaml read.jq gave field %q: want name, file, line, column, severity, message, flaky", k)
		}
		if err != nil {
			return truth{}, err
		}
	}
	return w, nil
}

func recordString(k string, x any) (string, error) {
	switch s := x.(type) {
	case nil:
		return "", nil
	case string:
		return s, nil
	}
	return "", fmt.Errorf("truth.yaml read.jq: %s is %v, want a string", k, x)
}

func recordBool(k string, x any) (bool, error) {
	switch b := x.(type) {
	case nil:
		return false, nil
	case bool:
		return b, nil
	}
	return false, fmt.Errorf("truth.yaml read.jq: %s is %v, want true or false", k, x)
}

// recordInt reads a line or column: a number, a string of digits (XML's
// attributes, a regexp's capture), or null. gojq's fromjson leaves a
// number of the JSON it parses a json.Number (a line of the lines format
// that is JSON: gcc's report).
func recordInt(k string, x any) (int, error) {
	switch n := x.(type) {
	case nil:
		return 0, nil
	case int:
		return n, nil
	case float64:
		if n == math.Trunc(n) {
			return int(n), nil
		}
	case json.Number:
		if i, err := n.Int64(); err == nil {
			return int(i), nil
		}
	case string:
		if n == "" {
			return 0, nil
		}
		var i int
		if _, err := fmt.Sscanf(n, "%d", &i); err == nil {
			return i, nil
		}
	}
	return 0, fmt.Errorf("truth.yaml read.jq: %s is %v, want a whole number", k, x)
}

// The generic reader reads each format into what its program maps, and
// says what is wrong with a program's records rather than dropping them.
func TestTruthReadFormats(t *testing.T) {
	for _, c := range []struct {
		r    truthRead
		in   string
		want []truth
	}{
		{truthRead{Format: "json", JQ: `.issues[] | {file: .f, line: .l, message: .m, severity: "error"}`},
			`{"issues": [{"f": "a.go", "l": 3, "m": "x"}]}`, []truth{{File: "a.go", Line: 3, Message: "x", Severity: "error"}}},
		{truthRead{Format: "jsonl", JQ: `[.[] | select(.fail) | {name}]`},
			"{\"name\": \"a\", \"fail\": true}\n{\"name\": \"b\"}\n", []truth{{Name: "a"}}},
		{truthRead{Format: "lines", JQ: `.[] | capture("^(?<file>[^:]+):(?<line>\\d+): (?<message>.*)$")`},
			"a.rb:7: boom\nnoise\n", []truth{{File: "a.rb", Line: 7, Message: "boom"}}},
		{truthRead{Format: "xml", JQ: `.suite.case[] | select(.failure) | {name: .["@name"], message: .failure[0]["#text"]}`},
			`<suite><case name="ok"/><case name="bad"><failure> want 2 </failure></case></suite>`, []truth{{Name: "bad", Message: "want 2"}}},
		{truthRead{Format: "json-or-text", JQ: `if type == "string" then {message: .} else .t[] | {name, flaky} end`},
			`{"t": [{"name": "a", "flaky": true}, {"name": "b", "flaky": false}]}`, []truth{{Name: "a", Flaky: true}, {Name: "b"}}},
		{truthRead{Format: "lines", JQ: `.[] | fromjson | {line, column}`},
			"{\"line\": 4, \"column\": 2}\n", []truth{{Line: 4, Column: 2}}},
		{truthRead{Format: "json-or-text", JQ: `if type == "string" then {message: .} else {} end`},
			"1 error", []truth{{Message: "1 error"}}},
	} {
		got, err := c.r.records([]byte(c.in))
		if err != nil || fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("%s %q: %v, %v; want %v", c.r.Format, c.in, got, err, c.want)
		}
	}
	for _, bad := range []truthRead{
		{Format: "json", JQ: `{file: "a", lineno: 3}`}, // not a field of a failure
		{Format: "json", JQ: `{line: "three"}`},
		{Format: "json", JQ: `{flaky: "yes"}`},
		{Format: "yaml", JQ: `.`},
	} {
		if got, err := bad.records([]byte(`{}`)); err == nil {
			t.Errorf("%+v read %v with no error", bad, got)
		}
	}
	// A file beside the report is read as lines into its variable, found
	// by the capture's name; a run that wrote none leaves it null.
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "captures"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"a.json": `{"failed": ["x"]}`, "a.errors": "boom\nbang\n", "b.json": `{"failed": []}`} {
		if err := os.WriteFile(filepath.Join(dir, "captures", name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	side := truthRead{Report: "captures/{name}.json", Format: "json", Beside: map[string]string{"errors": "captures/{name}.errors"},
		JQ: `[(.failed[] | {name: .}), (($errors // [])[] | {message: .})]`}
	for report, want := range map[string][]truth{"a.json": {{Name: "x"}, {Message: "boom"}, {Message: "bang"}}, "b.json": {}} {
		if got := side.readTruth(t, filepath.Join(dir, "captures", report)); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("beside %s: %v, want %v", report, got, want)
		}
	}
	// A run that wrote no report where report: says is read by the else:
	// read whose report it wrote, with its own format and jq; $name is the
	// capture's name.
	if err := os.Mkdir(filepath.Join(dir, "reports"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"c.xml": `<r><t n="x"/></r>`, "d.truth": "d.c:4: boom\n", "c.truth": "c.c:1: stale\n"} {
		sub := "captures"
		if strings.HasSuffix(name, ".truth") {
			sub = "reports"
		}
		if err := os.WriteFile(filepath.Join(dir, sub, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	orElse := truthRead{Report: "captures/{name}.xml", Format: "xml", JQ: `.r.t[] | {name: .["@n"]}`,
		Else: &truthRead{Report: "reports/{name}.truth", Format: "lines",
			JQ: `.[] | capture("^(?<f>[^:]+):(?<line>\\d+): (?<message>.*)$") | {file: "/fix/\($name)/\(.f)", line, message}`}}
	for name, want := range map[string][]truth{"c": {{Name: "x"}}, "d": {{File: "/fix/d/d.c", Line: 4, Message: "boom"}}} {
		report := orElse.reportOf(dir, name)
		if got := orElse.readTruth(t, report); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("else: %s read from %s: %v, want %v", name, report, got, want)
		}
	}
	if got, want := orElse.reportOf(dir, "e"), filepath.Join(dir, "captures", "e.xml"); got != want {
		t.Errorf("else: a run that wrote no report at all: %s, want %s (report:'s, for the error that names it)", got, want)
	}
}
