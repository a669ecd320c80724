package gotest

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// eventSeeds are lines of the real -json captures and the cases the hand
// reader must leave to encoding/json or read as it does.
func eventSeeds(t testing.TB) [][]byte {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "profiles", "gotest", "testdata", "captures", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no -json captures: %v", err)
	}
	var seeds [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := bytes.Split(data, []byte("\n"))
		// A sample of each capture: the fuzz corpus stays small.
		for i := 0; i < len(lines); i += 1 + len(lines)/40 {
			seeds = append(seeds, lines[i])
		}
	}
	for _, s := range []string{
		`{}`, ` {"Action":"run"} `, `{"action":"run","PACKAGE":"p"}`, `{"Action":null}`,
		`{"Action":"run","Action":"pass"}`, `{"Action":"run","Action":null}`,
		`{"Action":1}`, `{"Action":"run","Elapsed":-0.5e+3}`, `{"Action":"run","Elapsed":01}`,
		`{"Action":"run","X":[1]}`, `{"Action":"run","X":{"a":1}}`, `{"Action":"run","X":true,"Y":false,"Z":null}`,
		`{"Output":"a\u00e9\ud83d\ude00\n"}`, `{"Output":"\ud800"}`, `{"Output":"\u0000\b\f\r\t\/\\\""}`,
		"{\"Output\":\"\xff\"}", "{\"X\":\"\xff\",\"Action\":\"run\"}", "{\"Output\":\"a\tb\"}",
		`{"Output":"\x"}`, `{"\u0041ction":"run"}`, `{"Action":"run"`, `{"Action":"run"} x`,
		`{"Action":"run",}`, `{"Action" : "run" , "Test" : "T" }`, "{\"Act\xc4\xb1on\":\"run\"}",
		`{"Action":"ru\u006e"}`, `{"Output":"\u00"}`, `{"Elapsed":-}`, `{"Elapsed":1.}`, `{"Elapsed":1e}`,
	} {
		seeds = append(seeds, []byte(s))
	}
	return seeds
}

// FuzzEventDecoder checks the hand reader of -json events against
// encoding/json: the same verdict, and the same event when it is read.
func FuzzEventDecoder(f *testing.F) {
	for _, s := range eventSeeds(f) {
		f.Add(s)
	}
	var d eventDecoder
	f.Fuzz(func(t *testing.T, raw []byte) {
		var got, want goEvent
		ok := d.decode(raw, &got)
		wantOK := json.Unmarshal(raw, &want) == nil
		if ok != wantOK {
			t.Fatalf("%q: decode says %v, encoding/json %v", raw, ok, wantOK)
		}
		if ok && got != want {
			t.Fatalf("%q:\n got %+v\nwant %+v", raw, got, want)
		}
	})
}

// TestEventDecoderReadsCapturesByHand checks that every event of the real
// captures takes the hand path, not the fallback (or the speed is lost
// unseen).
func TestEventDecoderReadsCapturesByHand(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "profiles", "gotest", "testdata", "captures", "*.json"))
	var d eventDecoder
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range bytes.Split(data, []byte("\n")) {
			var ev goEvent
			if json.Unmarshal(line, &ev) != nil {
				continue // not an event: the fuzz test covers it
			}
			n++
			if !d.scan(line, &ev) {
				t.Errorf("%s: %q: not read by hand", f, line)
			}
		}
	}
	if n == 0 {
		t.Fatal("no events in the captures")
	}
}
