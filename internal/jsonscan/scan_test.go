package jsonscan

import (
	"encoding/json"
	"testing"
)

// A string value reads as encoding/json reads it, or is refused: a view
// of the input when it holds no escape, else an unescaped copy; what
// encoding/json would read differently (a surrogate escape, invalid UTF-8)
// is refused too, for the caller to hand to encoding/json.
func TestString(t *testing.T) {
	for _, c := range []struct {
		in       string
		want     string
		view, ok bool
	}{
		{`"plain"`, "plain", true, true},
		{`"é ✔"`, "é ✔", true, true},
		{`"a\"b\\c\/d\n\u00e9\u2028"`, "a\"b\\c/d\né\u2028", false, true},
		{`""`, "", true, true},
		{`"\ud83d\ude00"`, "", false, false}, // a surrogate pair: encoding/json's to read
		{"\"\xff\"", "", false, false},       // invalid UTF-8: encoding/json writes U+FFFD
		{"\"a\nb\"", "", false, false},       // a control byte: invalid JSON
		{`"\x"`, "", false, false},
		{`"open`, "", false, false},
	} {
		s := Scanner{B: []byte(c.in)}
		v, view, ok := s.String()
		if ok != c.ok || ok && (string(v) != c.want || view != c.view) {
			t.Errorf("%s: %q view %v ok %v, want %q view %v ok %v", c.in, v, view, ok, c.want, c.view, c.ok)
		}
		var std string
		if err := json.Unmarshal([]byte(c.in), &std); ok && (err != nil || std != string(v)) {
			t.Errorf("%s: read %q, encoding/json %q (%v)", c.in, v, std, err)
		}
	}
}

// Int takes the numbers encoding/json reads into an int, and no others.
func TestInt(t *testing.T) {
	for in, want := range map[string]bool{
		"0": true, "-12": true, "120": true, "1.5": false, "1e2": false, "99999999999999999999": false, "-": false, "x": false,
	} {
		s := Scanner{B: []byte(in)}
		n, ok := s.Int()
		var std int
		err := json.Unmarshal([]byte(in), &std)
		if ok != want || ok && (err != nil || n != std) {
			t.Errorf("%s: %d %v, want ok %v (encoding/json: %d, %v)", in, n, ok, want, std, err)
		}
	}
}

// Object gives each key to member with the value next, spaces allowed
// around every part, and fails on what is not an object of plain keys.
func TestObject(t *testing.T) {
	s := Scanner{B: []byte(` { "a" : 1 , "b":"x" } `)}
	var keys []string
	ok := s.Object(func(key []byte) bool {
		keys = append(keys, string(key))
		return s.SkipScalar()
	})
	if !ok || !s.End() || len(keys) != 2 || keys[0] != "a" || keys[1] != "b" {
		t.Errorf("Object = %v, keys %q, end %v", ok, keys, s.End())
	}
	for _, in := range []string{`{"a":1,}`, `{"a" 1}`, `{"\u0061":1}`, `{"a":1`, `[]`} {
		s := Scanner{B: []byte(in)}
		if s.Object(func([]byte) bool { return s.SkipScalar() }) {
			t.Errorf("%s: read as an object", in)
		}
	}
}
