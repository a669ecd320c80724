package gotest

import (
	"encoding/json"

	"github.com/terse-dev/terse/internal/jsonscan"
	"github.com/terse-dev/terse/internal/parse"
)

// eventDecoder reads go test -json lines into events. json.Unmarshal of
// every event was three quarters of the time -json output took to shape:
// the decoder reads the flat objects test2json writes by hand
// (jsonscan), and gives anything else to encoding/json, so that what it
// accepts and what it yields are encoding/json's.
type eventDecoder struct {
	sc   jsonscan.Scanner
	pkg  string // the last Package read, reused while it repeats
	test string // the last Test read
	// out makes the Output strings, the lines of text, many to one
	// allocation, as the text form's lines are.
	out parse.LineStrings
}

// decode reads raw into ev as json.Unmarshal(raw, ev) into a zero ev would,
// and reports whether json.Unmarshal would return no error.
func (d *eventDecoder) decode(raw []byte, ev *goEvent) bool {
	*ev = goEvent{}
	if d.scan(raw, ev) {
		return true
	}
	*ev = goEvent{}
	return json.Unmarshal(raw, ev) == nil
}

// scan reads a flat JSON object of string, number, boolean and null
// values; false when the line is anything else (and encoding/json must
// say what it is).
func (d *eventDecoder) scan(raw []byte, ev *goEvent) bool {
	s := &d.sc
	s.Reset(raw)
	return s.Object(func(key []byte) bool { return d.member(key, ev) }) && s.End()
}

// member reads the value of key: a string into its field of ev (null
// leaves the field as it is, as encoding/json does), any scalar for a key
// ev has no field for.
func (d *eventDecoder) member(key []byte, ev *goEvent) bool {
	s := &d.sc
	field := eventField(key, ev)
	if field == nil {
		return s.SkipScalar()
	}
	if s.Literal("null") {
		return true
	}
	v, _, ok := s.String()
	if !ok {
		return false
	}
	*field = d.intern(field, ev, v)
	return true
}

// eventField is the field of ev that key names, matched without regard to
// ASCII case as encoding/json matches an ASCII key; nil for other keys.
func eventField(key []byte, ev *goEvent) *string {
	switch {
	case asciiFold(key, "Action"):
		return &ev.Action
	case asciiFold(key, "Package"):
		return &ev.Package
	case asciiFold(key, "Test"):
		return &ev.Test
	case asciiFold(key, "Output"):
		return &ev.Output
	case asciiFold(key, "ImportPath"):
		return &ev.ImportPath
	}
	return nil
}

// asciiFold reports whether the ASCII key equals name but for case.
func asciiFold(key []byte, name string) bool {
	if len(key) != len(name) {
		return false
	}
	for i := range key {
		if key[i]|0x20 != name[i]|0x20 {
			return false
		}
	}
	return true
}

// intern makes v a string, reusing the one of the last event when a
// field repeats (an event's action is one of a few words, and runs of
// events share their package and test).
func (d *eventDecoder) intern(field *string, ev *goEvent, v []byte) string {
	switch field {
	case &ev.Action:
		for _, a := range eventActions {
			if string(v) == a {
				return a
			}
		}
	case &ev.Package:
		if string(v) != d.pkg {
			d.pkg = string(v)
		}
		return d.pkg
	case &ev.Test:
		if string(v) != d.test {
			d.test = string(v)
		}
		return d.test
	case &ev.Output:
		return d.out.String(v)
	}
	return string(v)
}

// eventActions are the actions test2json writes.
var eventActions = []string{"output", "run", "pass", "fail", "skip", "pause", "cont", "start", "bench",
	"build-output", "build-fail"}
