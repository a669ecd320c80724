package profiles

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/terse-dev/terse/report"
)

// Outcome is what shaping an input produced. Exactly one of Report and
// Passthrough is set.
type Outcome struct {
	Report *report.Report
	// Profile is the profile that shaped the input (nil for pass-through).
	Profile *Profile
	// JSONIn is true when the input was one JSON document.
	JSONIn bool
	// Passthrough holds bytes to emit as they are: a JSON document no
	// profile knows (compacted), or input that looked like JSON but was not
	// valid (unchanged).
	Passthrough []byte
	// Invalid says why JSON-looking input was passed through unchanged.
	Invalid error
}

// Shape reads all of in and shapes it: with forced when it is not nil, else
// with the profile detected from the content, else with the generic profile.
// Text is streamed; a JSON document is decoded whole.
func (s *Set) Shape(in io.Reader, forced *Profile, opt Options) (Outcome, error) {
	br := bufio.NewReaderSize(in, 64<<10)
	head, _ := br.Peek(DetectHeadSize)
	if len(head) == 0 {
		return Outcome{Report: &report.Report{Tool: "none", Status: "NONE",
			Notes: []string{"empty input: the command printed nothing"}}}, nil
	}
	if bytes.IndexByte(head, 0) >= 0 {
		// Text output of a developer tool never holds NUL bytes.
		n, err := io.Copy(io.Discard, br)
		if err != nil {
			return Outcome{}, fmt.Errorf("reading input: %w", err)
		}
		return Outcome{Report: &report.Report{Tool: "none", Status: "NONE", Notes: []string{
			fmt.Sprintf("binary input (%d bytes) not shown; --format human passes it through", n)}}}, nil
	}
	if LooksLikeJSON(head) && (forced == nil || forced.HasJSON()) {
		return s.shapeJSON(br, forced, opt)
	}
	return s.shapeText(br, head, forced, opt)
}

func (s *Set) shapeText(in io.Reader, head []byte, p *Profile, opt Options) (Outcome, error) {
	if p == nil {
		p = s.DetectText(head)
	}
	if p == nil {
		p, _ = s.Get(Generic)
	}
	r, err := ShapeText(p, in, opt)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Report: r, Profile: p}, nil
}

func (s *Set) shapeJSON(in io.Reader, p *Profile, opt Options) (Outcome, error) {
	data, err := io.ReadAll(in)
	if err != nil {
		return Outcome{}, fmt.Errorf("reading input: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if derr := dec.Decode(&doc); derr != nil {
		return Outcome{JSONIn: true, Passthrough: data, Invalid: jsonProblem(derr, len(data))}, nil
	}
	if _, terr := dec.Token(); !errors.Is(terr, io.EOF) {
		// More than one document (JSON lines), or text after JSON.
		return s.shapeText(bytes.NewReader(data), data[:min(len(data), DetectHeadSize)], p, opt)
	}
	if p == nil {
		p = s.DetectJSON(doc)
	}
	if p == nil {
		var buf bytes.Buffer
		if err := json.Compact(&buf, data); err != nil {
			return Outcome{}, fmt.Errorf("compacting JSON: %w", err)
		}
		buf.WriteByte('\n')
		return Outcome{JSONIn: true, Passthrough: buf.Bytes()}, nil
	}
	r, err := ShapeJSON(p, doc, opt)
	if err != nil {
		return Outcome{}, err
	}
	return Outcome{Report: r, Profile: p, JSONIn: true}, nil
}

// jsonProblem says in one line what is wrong with JSON-looking input.
func jsonProblem(err error, size int) error {
	var syn *json.SyntaxError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("input looks like JSON but is truncated: it ends inside a value after %d bytes; passed through unchanged", size)
	case errors.As(err, &syn):
		return fmt.Errorf("input looks like JSON but is not valid at byte %d of %d (%w); passed through unchanged", syn.Offset, size, err)
	default:
		return fmt.Errorf("input looks like JSON but is not valid (%w); passed through unchanged", err)
	}
}
