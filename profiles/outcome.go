package profiles

import (
	"io"

	"github.com/terse-dev/terse/internal/jsonshape"
	"github.com/terse-dev/terse/report"
)

// Outcome is what shaping an input produced. Exactly one of Report, Doc and
// Passthrough is set, or Replay.
type Outcome struct {
	Report *report.Report
	// Doc is a shaped JSON document (a document profile's result).
	Doc *jsonshape.Doc
	// Shape names the document profile's shape that matched, if any.
	Shape string
	// Profile is the profile that shaped the input (nil for pass-through).
	Profile *Profile
	// JSONIn is true when the input was JSON (a document or a sequence).
	JSONIn bool
	// Passthrough holds bytes to emit as they are: input that looked like
	// JSON but was not valid (unchanged).
	Passthrough []byte
	// Invalid says why JSON-looking input was passed through unchanged.
	Invalid error
	// Replay is set when the input was consumed while streaming and turned
	// out not to be valid JSON: the caller passes on its own copy of the
	// raw input, unchanged.
	Replay bool
	// Whole says Report holds every failure, whatever the window asked
	// (Options.Whole): the caller makes the page.
	Whole bool
	// All, when set, holds every failure of the run of which Report
	// holds a page, up to Options.WholeMax of them (its Page.Total counts
	// them all), as a shaping with no window makes them: a parser that
	// pages its own way gave them while it shaped the page
	// (Options.Whole). The caller closes it.
	All *report.Report
}

// OutcomeKind says which result an Outcome holds.
type OutcomeKind int

const (
	// KindReplay: the input was consumed while streaming and was not valid
	// JSON; the caller passes its own copy of the raw input on (Invalid
	// says why).
	KindReplay OutcomeKind = iota
	// KindPassthrough: Passthrough holds the input to emit as it is (JSON
	// that was not valid; Invalid says why).
	KindPassthrough
	// KindDocument: Doc is a shaped JSON document.
	KindDocument
	// KindReport: Report is a shaped tool run.
	KindReport
)

// Kind is which of its results o holds. The fields are set by kind, so a
// caller switches on Kind rather than testing fields in some order.
func (o Outcome) Kind() OutcomeKind {
	switch {
	case o.Replay:
		return KindReplay
	case o.Doc != nil:
		return KindDocument
	case o.Passthrough != nil || o.Report == nil:
		return KindPassthrough
	default:
		return KindReport
	}
}

// Rereader is an input that keeps what was read from it (as terse keeps
// its stdin, to pass it on unchanged if shaping fails). A pipe that holds
// the runs of several tools is shaped a run at a time from the input's
// own copy then, not from a second one.
type Rereader interface {
	// Reread reads bytes [from, to) of what was read.
	Reread(from, to int64) (io.Reader, error)
}
