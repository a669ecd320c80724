package profiles

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/terse-dev/terse/report"
)

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
// ran slower on the parser's, their caches warmed on the other core.)
func (s *Set) prepareAhead(br *bufio.Reader, forced *Profile) *indexAhead {
	if forced != nil || !textAhead(br) {
		return nil
	}
	return buildIndexAhead(s.All(), s.plain)
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
