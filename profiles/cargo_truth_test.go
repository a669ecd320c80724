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
		Spans []struct {
			File      string `json:"file_name"`
			Line      int    `json:"line_start"`
			Column    int    `json:"column_start"`
			IsPrimary bool   `json:"is_primary"`
		} `json:"spans"`
	} `json:"message"`
}

// cargoJSONTruth reads every failed test (where it panicked and the
// panic's message) and every compiler error and warning that has a place
// in the code (the tallies, "aborting due to ...", have none).
func cargoJSONTruth(t *testing.T, path string) []truth {
	var out []truth
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
			if w, ok := cargoDiagnostic(e); ok {
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
		w := truth{File: s.File, Line: s.Line, Column: s.Column, Severity: m.Level, Message: m.Message}
		if m.Code != nil {
			w.Name = m.Code.Code
		}
		return w, true
	}
	return truth{}, false
}
