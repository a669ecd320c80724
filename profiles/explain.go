package profiles

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
)

// Explain writes to w how a stream of text is read: which profile its
// head is detected as and by which signatures, where the stream is cut
// into runs, and which profile claims each run by which of its signatures,
// with the first line each matched (TERSE_DEBUG=detect). A profile author
// reads it when another profile claims a tool's lines (flake8 claimed
// ruff's, and nothing said so).
//
// It reads in as the shaper's plain scan does (scanSegments, whose runs
// the fast paths of a pipe are tested to find alike) and again, for the
// lines of each run, from again: a copy of the same bytes. It is for a
// person reading stderr; nothing parses it.
func (s *Set) Explain(w io.Writer, in io.Reader, again Rereader) error {
	br := bufio.NewReaderSize(in, 64<<10)
	head, _ := br.Peek(DetectHeadSize)
	if len(head) == 0 {
		_, err := fmt.Fprintln(w, "detect: empty input")
		return err
	}
	if LooksLikeJSON(head) {
		_, err := fmt.Fprintln(w, "detect: JSON input: profiles claim it by their detect.json programs, not by text signatures")
		return err
	}
	if bytes.IndexByte(head, 0) >= 0 || crOnly(head) {
		// The shaper drops NULs and reads lone CRs as line ends: the
		// runs are cut in the text so changed, read here whole.
		data, err := io.ReadAll(br)
		if err != nil {
			return fmt.Errorf("detect: %w", err)
		}
		if crOnly(head) {
			data = bytes.ReplaceAll(data, []byte{'\r'}, []byte{'\n'})
		}
		data = bytes.ReplaceAll(data, []byte{0}, nil)
		fmt.Fprintln(w, "detect: the input holds NULs or ends its lines in CR alone: the lines and bytes below are of the text without NULs and with each CR a line end")
		br, again = bufio.NewReader(bytes.NewReader(data)), textReread(data)
		head = data[:min(len(data), DetectHeadSize)]
	}
	detected := s.explainHead(w, head)
	segs, err := s.scanSegments(br, io.Discard)
	if err != nil {
		return fmt.Errorf("detect: %w", err)
	}
	if detected == nil {
		segs = s.splitLead(segs, again)
	}
	slices.SortFunc(segs, func(a, b *segment) int { return int(a.from - b.from) })
	switch {
	case len(segs) < 2 && detected != nil:
		fmt.Fprintf(w, "detect: one run: the whole stream is shaped as %s\n", detected.Name)
	case len(segs) < 2:
		fmt.Fprintf(w, "detect: one run: no profile claims the head, the generic cleaner shapes the whole stream\n")
	default:
		fmt.Fprintf(w, "detect: %d runs, each shaped by its own profile:\n", len(segs))
	}
	return s.explainRuns(w, segs, again)
}

// explainHead writes the head's detection: every profile with a signature
// matching one of its lines, its score against its threshold, and which
// profile wins (nil: none, the generic cleaner's).
func (s *Set) explainHead(w io.Writer, head []byte) *Profile {
	text, lines := detectLines(head)
	detected := s.DetectText(head)
	fmt.Fprintf(w, "detect: head (first %d bytes, %d lines):", len(head), len(lines))
	matched := false
	for _, p := range s.All() {
		score := p.detectScore(text, lines)
		if score == 0 {
			continue
		}
		matched = true
		mark := ""
		if p == detected {
			mark = " <- detected"
		}
		fmt.Fprintf(w, "\n  %s: %d of %d signatures (needs %d)%s", p.Name, score, len(p.Detect.Text), p.Detect.Min, mark)
	}
	if !matched {
		fmt.Fprint(w, " no signature of any profile matches")
	}
	fmt.Fprintln(w)
	return detected
}

// explainRuns writes each run: its lines and bytes, its profile, how many
// lines the profile's signatures claimed, and each signature that did with
// the first line of the run it matches.
func (s *Set) explainRuns(w io.Writer, segs []*segment, again Rereader) error {
	line := 1
	for i, g := range segs {
		lines, err := runLines(g, again)
		if err != nil {
			return fmt.Errorf("detect: run %d: %w", i+1, err)
		}
		name := "no profile"
		if g.prof != nil {
			name = g.prof.Name
		}
		fmt.Fprintf(w, "  run %d: lines %d-%d (bytes %d-%d): %s, %d lines claimed, %d failure signals",
			i+1, line, line+max(len(lines)-1, 0), g.from, g.to, name, g.claimed, g.sig.n)
		if g.prof != nil && g.claimed > 0 && !g.strong() {
			fmt.Fprint(w, " (weak: below the profile's threshold)")
		}
		fmt.Fprintln(w)
		if g.prof != nil {
			explainHits(w, g, lines, line)
		}
		line += len(lines)
	}
	return nil
}

// explainHits writes the signatures of g's profile that claimed lines of
// its run, with the first such line (lines start at line number first).
func explainHits(w io.Writer, g *segment, lines []string, first int) {
	hits := make([]int, 0, len(g.hits))
	for k := range g.hits {
		hits = append(hits, k)
	}
	slices.Sort(hits)
	for _, k := range hits {
		if k >= len(g.prof.Detect.Text) {
			continue
		}
		fmt.Fprintf(w, "    signature %d %q", k+1, g.prof.Detect.Text[k])
		if re, err := g.prof.signature(k); err == nil {
			if at := slices.IndexFunc(lines, re.MatchString); at >= 0 {
				fmt.Fprintf(w, " first at line %d: %q", first+at, clip(lines[at], 100))
			}
		}
		fmt.Fprintln(w)
	}
}

// runLines is the lines of g's run, cleaned as the scan cleans them.
func runLines(g *segment, again Rereader) ([]string, error) {
	if g.to <= g.from {
		return nil, nil
	}
	r, err := again.Reread(g.from, g.to)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := b.ReadFrom(r); err != nil {
		return nil, err
	}
	text := strings.TrimSuffix(b.String(), "\n")
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(filters.CleanLine(l), " \t")
	}
	return lines, nil
}

// clip is s cut to n bytes, with "…" where it was cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// textReread is a text held whole, read again by sections.
type textReread []byte

// Reread reads bytes [from, to) of t.
func (t textReread) Reread(from, to int64) (io.Reader, error) {
	if from < 0 || from > to || to > int64(len(t)) {
		return nil, fmt.Errorf("bytes %d to %d asked of %d", from, to, len(t))
	}
	return bytes.NewReader(t[from:to]), nil
}
