package profiles_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// cargo's machine truths: libtest's JSON events (cargo test -- -Z
// unstable-options --format json) and cargo's own JSON messages (cargo
// build --message-format json), one object a line; a file may hold both.
func init() {
	truthReaders["cargo-json"] = cargoJSONTruth
}

// cargoPanicRe is where a test panicked (Rust 1.73 and later), its message
// on the next line.
var cargoPanicRe = regexp.MustCompile(`(?m)^thread '[^']*' (?:\(\d+\) )?panicked at ([^\s:]+):(\d+):\d+:\n(.*)$`)

var cargoErrorCodeRe = regexp.MustCompile(`^E\d{4}$`)

// cargoEvent is a line of either JSON stream.
type cargoEvent struct {
	// libtest
	Type   string `json:"type"`
	Event  string `json:"event"`
	Name   string `json:"name"`
	Stdout string `json:"stdout"`
	// cargo
	Reason  string `json:"reason"`
	Message *struct {
		Level   string `json:"level"`
		Message string `json:"message"`
		Code    *struct {
			Code string `json:"code"`
		} `json:"code"`
		Spans []cargoSpan `json:"spans"`
	} `json:"message"`
}

// cargoSpan is a place in the code a compiler message points at.
type cargoSpan struct {
	File      string `json:"file_name"`
	Line      int    `json:"line_start"`
	Column    int    `json:"column_start"`
	IsPrimary bool   `json:"is_primary"`
	Text      []any  `json:"text"`
	// Expansion is the macro call a span inside the macro comes from.
	Expansion *struct {
		Span cargoSpan `json:"span"`
	} `json:"expansion"`
}

// cargoJSONTruth reads every failed test (where it panicked and the
// panic's message) and every compiler error and warning that has a place
// in the code (the tallies, "aborting due to ...", have none).
func cargoJSONTruth(t *testing.T, path string) []truth {
	var out []truth
	seen := map[truth]bool{}
	for _, l := range readLines(t, path) {
		if !strings.HasPrefix(l, "{") {
			continue
		}
		var e cargoEvent
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		switch {
		case e.Type == "test" && e.Event == "failed":
			w := truth{Name: e.Name}
			if m := cargoPanicRe.FindStringSubmatch(e.Stdout); m != nil {
				w.File, w.Line, w.Message = m[1], atoi(m[2]), m[3]
			}
			out = append(out, w)
		case e.Reason == "compiler-message" && e.Message != nil:
			// The same problem compiled for two targets (the library,
			// then its tests) is printed twice and shown once.
			if w, ok := cargoDiagnostic(e); ok && !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// cargoDiagnostic is a compiler message's problem: its level, code (E0308,
// or a lint's name) and primary span.
func cargoDiagnostic(e cargoEvent) (truth, bool) {
	m := e.Message
	if m.Level != "error" && m.Level != "warning" {
		return truth{}, false
	}
	for _, s := range m.Spans {
		if !s.IsPrimary {
			continue
		}
		// Inside a macro of another crate (assert_eq!), the text
		// shows where the user called it, as rustc's own renderer does.
		for strings.HasPrefix(s.File, "/") && s.Expansion != nil {
			s = s.Expansion.Span
		}
		w := truth{File: s.File, Line: s.Line, Column: s.Column, Severity: m.Level, Message: m.Message}
		if len(s.Text) == 0 {
			// A span of no code (a lint about the package): the
			// text gives the problem no place, and the output groups
			// it under the header of problems without a file.
			w.File, w.Line, w.Column = "(unknown file)", 0, 0
		}
		// A lint's name (unused_variables, clippy::doc_markdown) is in
		// the text only where a note happens to say it: an error code
		// (E0308) always is.
		if m.Code != nil && cargoErrorCodeRe.MatchString(m.Code.Code) {
			w.Name = m.Code.Code
		}
		return w, true
	}
	return truth{}, false
}
