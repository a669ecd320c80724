package profiles

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
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

// Shape reads all of in and shapes it: with forced when it is not nil, else
// with the profile detected from the content, else with the generic profile.
// Text is streamed; JSON is read whole up to MemJSON, streamed beyond.
func (s *Set) Shape(in io.Reader, forced *Profile, opt Options) (Outcome, error) {
	br := bufio.NewReaderSize(in, 64<<10)
	idx := s.prepareAhead(br, forced)
	head, _ := br.Peek(DetectHeadSize)
	if len(head) == 0 {
		return Outcome{Report: &report.Report{Tool: "none", Status: report.StatusNone,
			Notes: []string{"empty input: the command printed nothing"}}}, nil
	}
	if mostlyBinary(head) {
		n, err := io.Copy(io.Discard, br)
		if err != nil {
			return Outcome{}, fmt.Errorf("reading input: %w", err)
		}
		return Outcome{Report: &report.Report{Tool: "none", Status: report.StatusNone, Notes: []string{
			fmt.Sprintf("binary input (%d bytes) not shown; --format human passes it through", n)}}}, nil
	}
	if LooksLikeJSON(head) && (forced == nil || forced.HasJSON() || forced.HasDocument()) {
		return s.shapeJSON(br, forced, opt)
	}
	var text io.Reader = br
	text, head = skipBOM(br, text, head)
	var nuls *nulDropper
	if bytes.IndexByte(head, 0) >= 0 {
		// A few NULs in text (a test logging a binary frame): the text is
		// shaped, the NULs dropped and counted.
		nuls = &nulDropper{r: text}
		text = nuls
		head = bytes.ReplaceAll(head, []byte{0}, nil)
	}
	if crOnly(head) {
		text = crToLF{text}
		head = bytes.ReplaceAll(head, []byte{'\r'}, []byte{'\n'})
	}
	var out Outcome
	var err error
	if again, ok := in.(Rereader); ok && forced == nil && text == io.Reader(br) {
		// The text is the input's bytes as they came: the input's own
		// copy serves for a second pass.
		out, err = s.shapeStream(text, head, again, opt, idx)
	} else if forced == nil {
		out, err = s.shapeStream(text, head, nil, opt, idx)
	} else {
		out, err = s.shapeText(text, head, forced, opt)
	}
	if err == nil && nuls != nil && nuls.n > 0 && out.Report != nil {
		out.Report.Omitted = append(out.Report.Omitted, report.Omission{What: "NUL bytes", Count: nuls.n})
	}
	return out, err
}

// prepareAhead starts building the claim index of a pipe's scan, on
// another goroutine, once br's first bytes say the input is text, while the
// rest of its head comes in and is detected; it returns it (nil: none
// started, as for a forced profile). (A forced profile's patterns are not
// compiled ahead so: compiled on another goroutine than the parser's, they
// made mocha's and TAP's 100 MB pipes 1.1-1.2 times as long.)
func (s *Set) prepareAhead(br *bufio.Reader, forced *Profile) *indexAhead {
	if forced != nil || !textAhead(br) {
		return nil
	}
	return buildIndexAhead(s.All())
}

// textAhead waits for br's first bytes and reports whether they start
// text a pipe's scan will read: not empty, binary or JSON. (An empty
// output, as of `terse run -- true`, builds no claim index: built for
// nothing, it cost that run a millisecond.)
func textAhead(br *bufio.Reader) bool {
	if first, _ := br.Peek(1); len(first) == 0 {
		return false
	}
	b, _ := br.Peek(br.Buffered())
	return !LooksLikeJSON(b) && !mostlyBinary(b)
}

func (s *Set) shapeText(in io.Reader, head []byte, p *Profile, opt Options) (Outcome, error) {
	if p == nil {
		return s.shapeStream(in, head, nil, opt, nil)
	}
	o, whole := opt.forText(p)
	var sig signals
	r, err := shapeTextWatched(p, in, o, &sig)
	all := o.everyOf()
	if err != nil {
		all.Close()
		return Outcome{}, err
	}
	return Outcome{Report: r, Profile: p, Whole: whole, All: all}, nil
}

// jsonProblem says in one line what is wrong with JSON-looking input.
func jsonProblem(err error, data []byte) error {
	var syn *json.SyntaxError
	size := len(data)
	end := int64(len(bytes.TrimRight(data, " \t\r\n")))
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &syn) && syn.Offset > end:
		return fmt.Errorf("input looks like JSON but is truncated: it ends inside a value after %d bytes; passed through unchanged", size)
	case errors.As(err, &syn):
		return fmt.Errorf("input looks like JSON but is not valid at byte %d of %d (%w); passed through unchanged", syn.Offset, size, err)
	default:
		return fmt.Errorf("input looks like JSON but is not valid (%w); passed through unchanged", err)
	}
}
