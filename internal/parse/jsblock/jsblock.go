// Package jsblock reads the failure blocks that JavaScript test runners
// print under a failed test: the error message, the matcher's Expected and
// Received values or its diff, further detail lines, code frames and the
// stack. jest and vitest print these alike and differ in their frame
// syntax, their code frames, their advice lines and how a diff ends; a
// Runner says those parts, and Analyze does the rest once for both.
package jsblock

import (
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// Runner is what one runner's failure blocks have of their own. A Runner
// is made per block: it may keep state across the block's lines.
type Runner interface {
	// Code reports whether l (t trimmed) is a line of a code frame, which
	// is dropped and counted. It sees every line outside a diff, blank
	// ones too, so that it can follow the code a frame shows.
	Code(l, t string) bool
	// Frame reads a stack frame from a trimmed line.
	Frame(t string) (report.Frame, bool)
	// Aside sorts a trimmed line that is neither code, frame nor matcher
	// output: the runner's advice (counted) and its markers (dropped) are
	// set aside; the rest is the message or a detail.
	Aside(t string) Aside
	// Message normalises the error's first line and sets the kind it
	// implies.
	Message(t string, f *report.Failure) string
	// Detail normalises a later line of the message; false drops it (a
	// repeat of the message, for example).
	Detail(t string, f *report.Failure) (string, bool)
	// Finish sets what the whole block implies once it is read (a
	// failing hook's kind, the file an error says it came from).
	Finish(f *report.Failure)
}

// Aside is what Runner.Aside makes of a line.
type Aside int

const (
	// Text is part of the message.
	Text Aside = iota
	// Hint is the runner's advice: dropped and counted under Syntax.HintKey.
	Hint
	// Marker is a heading of the runner's with nothing of its own to say:
	// dropped.
	Marker
)

// Syntax is what differs between the runners in how a block is laid out.
type Syntax struct {
	// HintKey names the runner's advice lines in the omission counts.
	HintKey string
	// DiffFirst makes every line after a diff's legend the diff's until a
	// blank line ends it. vitest always closes a diff with a blank line;
	// jest's stack can follow its diff directly, so there a frame ends
	// the diff, and code frames are recognised before diff lines.
	DiffFirst bool
	// ValueDiff shows a diff of one value against another (two legend
	// lines, one line each side, as vitest prints toBe on numbers) as
	// Expected and Received, which read better than a diff.
	ValueDiff bool
}

// Start is what a runner read from the head of a block before the common
// lines: a location it found (jest's "Details:" section) and the lines it
// dropped on the way.
type Start struct {
	Frames []report.Frame
	Code   int
	Hints  int
	// Trimmed holds filters.TrimSpace of each line, when the caller
	// already trimmed them to sort them (vitest does for every line it
	// reads): nil makes Analyze trim them itself.
	Trimmed []string
}

// block is the state of one block's analysis.
type block struct {
	Syntax
	r       Runner
	f       *report.Failure
	frames  []report.Frame
	diff    []string
	inDiff  bool
	details []string
	code    int
	hints   int
}

// Analyze fills f from the lines of one failure block: its message,
// Expected/Received or diff, details and kind, and counts in b what it
// drops. It returns the block's stack frames (after those of start), for
// the runner to place the failure by.
func (s Syntax) Analyze(f *report.Failure, lines []string, b *report.Builder, opt parse.Options, r Runner, start Start) []report.Frame {
	k := &block{Syntax: s, r: r, f: f, frames: start.Frames, code: start.Code, hints: start.Hints}
	if len(start.Trimmed) == len(lines) {
		for i, l := range lines {
			k.line(l, start.Trimmed[i])
		}
	} else {
		for _, l := range lines {
			k.line(l, filters.TrimSpace(l))
		}
	}
	if k.code > 0 {
		b.OmitKey(report.OmitCodeFrameLines, k.code)
	}
	if k.hints > 0 {
		b.Omit(s.HintKey, k.hints)
	}
	r.Finish(f)
	details := k.details
	if limit := opt.DetailLimit(); len(details) > limit {
		b.OmitKey(report.OmitMessageLines, len(details)-limit)
		details = details[:limit]
	}
	f.Details = append(f.Details, details...)
	if len(k.diff) > 0 {
		s.keepDiff(f, k.diff, b, opt)
	}
	return k.frames
}

// line sorts one line of the block: diff, code, frame, matcher output, the
// runner's asides, then the message and its details. t is l trimmed.
func (k *block) line(l, t string) {
	if k.inDiff && k.DiffFirst {
		k.diffLine(l, t)
		return
	}
	if k.r.Code(l, t) {
		k.code++
		return
	}
	if fr, ok := k.r.Frame(t); ok {
		k.inDiff = false
		k.frames = append(k.frames, fr)
		return
	}
	if k.inDiff {
		k.diffLine(l, t)
		return
	}
	if t == "" {
		return
	}
	if ok, starts := matcherLine(l, t, k.f, &k.diff); ok {
		k.inDiff = k.inDiff || starts
		return
	}
	switch k.r.Aside(t) {
	case Hint:
		k.hints++
		return
	case Marker:
		return
	}
	if k.f.Message == "" {
		k.f.Message = k.r.Message(t, k.f)
		return
	}
	if d, ok := k.r.Detail(t, k.f); ok {
		k.details = append(k.details, d)
	}
}

// diffLine adds a line to the diff. The legend is followed by one blank
// line; the next blank line ends the diff.
func (k *block) diffLine(l, t string) {
	if t == "" {
		if len(k.diff) > 0 && !IsDiffHeader(k.diff[len(k.diff)-1]) {
			k.inDiff = false
		}
		return
	}
	k.diff = append(k.diff, strings.TrimRight(l, " "))
}

// keepDiff keeps a diff's changed lines with a little context; a snapshot's
// diff makes the failure a snapshot failure.
func (s Syntax) keepDiff(f *report.Failure, diff []string, b *report.Builder, opt parse.Options) {
	if s.ValueDiff && len(diff) == 4 && IsDiffHeader(diff[0]) && IsDiffHeader(diff[1]) &&
		strings.HasPrefix(diff[2], "- ") && strings.HasPrefix(diff[3], "+ ") && f.Expected == "" && f.Received == "" {
		f.Expected, f.Received = diff[2][2:], diff[3][2:]
		return
	}
	kept, dropped := filters.TrimDiff(diff, opt.DiffContext())
	f.Diff = kept
	b.OmitKey(report.OmitUnchangedDiffLines, dropped)
	if strings.HasPrefix(diff[0], "- Snapshot") && f.Kind == report.KindAssertion {
		f.Kind = report.KindSnapshot
	}
}

// IsDiffHeader recognises a diff's legend lines.
func IsDiffHeader(l string) bool {
	return strings.HasPrefix(l, "- Expected") || strings.HasPrefix(l, "- Snapshot") || strings.HasPrefix(l, "+ Received")
}

// diffLegend keeps the sign and side of a diff header ("- Expected  - 2"
// becomes "- Expected"): the counts repeat what the lines show.
func diffLegend(t string) string {
	if i := strings.Index(t, "  "); i > 0 {
		return t[:i]
	}
	return t
}

// matcherInitial holds the first bytes of the prefixes matcherPrefixes reads.
var matcherInitial = [256]bool{'-': true, '+': true, 'E': true, 'S': true, 'R': true}

// matcherLine takes the lines jest and vitest print alike under a failed
// assertion: the diff legend ("- Expected", "- Snapshot", "+ Received", after
// which the diff begins) and the one-line "Expected: " and "Received: "
// values. It reports whether l was one of them, and whether a diff starts.
func matcherLine(l, t string, f *report.Failure, diff *[]string) (ok, diffStarts bool) {
	if l == "" || !matcherInitial[l[0]] {
		return false, false // most lines: no prefix matcherPrefixes reads starts with their first byte
	}
	return matcherPrefixes(l, t, f, diff)
}

// matcherPrefixes is matcherLine without its first-byte gate.
func matcherPrefixes(l, t string, f *report.Failure, diff *[]string) (ok, diffStarts bool) {
	switch {
	case strings.HasPrefix(l, "- Expected") || strings.HasPrefix(l, "- Snapshot"):
		*diff = append(*diff, diffLegend(t))
		return true, false
	case strings.HasPrefix(l, "+ Received"):
		*diff = append(*diff, diffLegend(t))
		return true, true
	case strings.HasPrefix(l, "Expected: ") && f.Expected == "":
		f.Expected = strings.TrimSpace(strings.TrimPrefix(l, "Expected: "))
		return true, false
	case strings.HasPrefix(l, "Snapshot: ") && f.Expected == "":
		// toThrowErrorMatchingInlineSnapshot and the other inline
		// snapshot matchers print the stored value as "Snapshot:".
		f.Expected = strings.TrimSpace(strings.TrimPrefix(l, "Snapshot: "))
		return true, false
	case strings.HasPrefix(l, "Received: ") && f.Received == "":
		f.Received = strings.TrimSpace(strings.TrimPrefix(l, "Received: "))
		return true, false
	}
	return false, false
}
