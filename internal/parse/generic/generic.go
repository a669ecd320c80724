// Package generic is the cleaner for output terse has no profile for: it
// keeps the content, drops decoration, and pages the problem blocks of a
// long log (problem.go).
package generic

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/report"
)

// The generic budget: output up to genericHead+genericTail lines is shown
// whole (less decoration and repetition); longer output keeps its head, its
// tail, and from the middle its problem blocks (see problem.go), paged like
// failures: the most severe first, each page shown in the tool's order.
const (
	genericHead = 60
	genericTail = 100
)

// Parse cleans output terse has no profile for. It never drops the
// content of tools whose output is the content (git status, ls, cat) below
// the budget: it only resolves escapes and carriage-return progress, drops
// progress-bar and spinner lines, folds runs of blank lines and of identical
// lines, and compresses stack traces to their frames in user code. Memory
// holds the budget and the page, not the input.
func Parse(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
	g := &generic{b: b, stack: filters.StackFilter{Limit: opt.FrameLimit()}}
	g.tail = make([]string, 0, genericTail)
	g.blocks = newBlockPager(opt.Window, opt.Verbose)
	err := lr.EachClean(func(l string) { g.line(trimRightBlank(l)) })
	if err != nil {
		return err
	}
	g.finish(opt.Window)
	return nil
}

// trimRightBlank is strings.TrimRight(l, " \t") without the cutset set
// that call builds for every line.
func trimRightBlank(l string) string {
	n := len(l)
	for n > 0 && (l[n-1] == ' ' || l[n-1] == '\t') {
		n--
	}
	return l[:n]
}

type generic struct {
	b     *report.Builder
	stack filters.StackFilter

	prev    string
	repeats int
	blank   bool
	started bool

	head   []string
	tail   []string // a ring once full
	tailAt int

	blocks *blockPager
}

// line applies decoration removal and folding.
func (g *generic) line(l string) {
	if l == "" {
		if g.started && !g.blank {
			g.blank = true
		} else if g.started {
			g.b.OmitKey(report.OmitBlankLines, 1)
		}
		return
	}
	if isProgressLine(l) {
		g.b.OmitKey(report.OmitProgressLines, 1)
		return
	}
	if g.started && l == g.prev && !g.blank {
		g.repeats++
		return
	}
	g.flushRepeat()
	if g.blank {
		g.stackFeed("")
		g.blank = false
	}
	g.stackFeed(l)
	g.prev, g.started = l, true
}

func (g *generic) flushRepeat() {
	if g.repeats > 0 {
		g.stackFeed(fmt.Sprintf("  … previous line repeated %d more %s", g.repeats, parse.PluralS(g.repeats, "time")))
		g.b.OmitKey(report.OmitRepeatedLines, g.repeats)
		g.repeats = 0
	}
}

func (g *generic) stackFeed(l string) { g.stack.Feed(l, g.push) }

// push places a cleaned line in the head, the tail, or the middle.
func (g *generic) push(l string) {
	if len(g.head) < genericHead {
		g.head = append(g.head, l)
		return
	}
	if len(g.tail) < genericTail {
		g.tail = append(g.tail, l)
		return
	}
	out := g.tail[g.tailAt]
	g.tail[g.tailAt] = l
	g.tailAt = (g.tailAt + 1) % genericTail
	g.blocks.line(out)
}

func (g *generic) finish(win report.Window) {
	g.flushRepeat()
	g.stack.Flush(g.push)
	page := g.blocks.finish()
	var lines []string
	if win.Offset == 0 {
		lines = append(lines, g.head...)
	}
	lines = append(lines, page.lines...)
	if win.Offset == 0 {
		tail := append(append([]string(nil), g.tail[g.tailAt:]...), g.tail[:g.tailAt]...)
		if h := g.blocks.headingBefore(tail); h != "" && page.tailGap {
			// The tail starts inside a heading's rows: it is shown
			// under its own heading, not under the last one above.
			lines = append(lines, h)
		}
		lines = append(lines, tail...)
	}
	g.b.SetLines(lines)
	g.b.OmitKey(report.OmitStackFrames, g.stack.Dropped)
	g.b.OmitKey(report.OmitTracebackSource, g.stack.SourceLines)
	g.b.OmitKey(report.OmitLines, page.gapLines)
	g.b.OmitKey(report.OmitProblemDetailLines, page.cutLines)
	if page.total > 0 {
		g.b.SetLinePage(page.total, page.shown)
	}
}

func omittedMarker(n int) string {
	return fmt.Sprintf("… %d %s omitted …", n, parse.PluralS(n, "line"))
}

// problemWords are the words that make a line from the omitted middle of a
// long output worth keeping. "error" and "exception" may end a longer word
// (SyntaxError, NullPointerException); the others must start one.
var problemWords = []struct {
	word   string
	suffix bool
}{
	{"error", true}, {"exception", true}, {"fail", false}, {"fatal", false}, {"panic", false},
	{"warning", false}, {"traceback", false}, {"denied", false}, {"cannot", false},
	{"undefined", false}, {"not found", false}, {"segmentation fault", false},
}

// problemStarts lists, for each byte a word may start with (lower-cased
// as indexFold folds it), the problemWords that start with it;
// problemInside the same for the words that may end a longer word, the
// only ones looked for inside a word.
var problemStarts, problemInside = func() (t, in [256][]uint8) {
	for i, w := range problemWords {
		t[w.word[0]] = append(t[w.word[0]], uint8(i))
		if w.suffix {
			in[w.word[0]] = append(in[w.word[0]], uint8(i))
		}
	}
	return t, in
}()

// looksLikeProblem tells lines worth keeping from the omitted middle of a
// long output. It is one plain scan of the line, not a regexp nor a scan
// per word: it runs on every line of a long log. Inside a word only the
// words that may end one are tried: the others must start one.
func looksLikeProblem(l string) bool {
	atStart := true
	for i := 0; i < len(l); i++ {
		c := l[i]
		if f := problemByte[c]; f&startsInside != 0 || atStart && f&startsWord != 0 {
			cands := problemInside[c|0x20]
			if atStart {
				cands = problemStarts[c|0x20]
			}
			for _, w := range cands {
				word := problemWords[w].word
				if i+1 < len(l) && l[i+1]|0x20 != word[1] && word[1] != ' ' {
					continue // the second byte differs: most tries end here
				}
				if problemAt(l, i, word, problemWords[w].suffix) {
					return true
				}
			}
		}
		atStart = problemByte[c]&wordPart == 0
	}
	return false
}

// The flags of problemByte.
const (
	startsWord   = 1 << iota // a problem word starts with the byte (folded)
	startsInside             // one that may end a longer word does
	wordPart                 // the byte is a word byte (parse.IsWordByte)
)

// problemByte holds, per byte, what looksLikeProblem asks of it: one load
// per byte in its loop.
var problemByte = func() (t [256]uint8) {
	for c := range t {
		if len(problemStarts[c|0x20]) > 0 {
			t[c] |= startsWord
		}
		if len(problemInside[c|0x20]) > 0 {
			t[c] |= startsInside
		}
		if parse.IsWordByte(byte(c)) {
			t[c] |= wordPart
		}
	}
	return t
}()

// problemAt reports whether word (lower-case ASCII, matched as indexFold
// does) is at l[i:] with the word boundaries looksLikeProblem asks.
func problemAt(l string, i int, word string, suffix bool) bool {
	end := i + len(word)
	if end > len(l) || !hasFoldAt(l[i:end], word) {
		return false
	}
	endOK := end == len(l) || !parse.IsWordByte(l[end]) || (l[end]|0x20) == 's' && (end+1 == len(l) || !parse.IsWordByte(l[end+1]))
	startOK := suffix || i == 0 || !parse.IsWordByte(l[i-1])
	if word == "fail" {
		endOK = true // fail, failed, failure, failing
	}
	return startOK && endOK
}

// hasFoldAt: s, as long as word, equals it ignoring ASCII case.
func hasFoldAt(s, word string) bool {
	for j := 0; j < len(word); j++ {
		if s[j]|0x20 != word[j] && (word[j] != ' ' || s[j] != ' ') {
			return false
		}
	}
	return true
}

// indexFold finds word (lower-case ASCII) in s ignoring ASCII case, without
// allocating a lower-case copy of s.
func indexFold(s, word string) int {
	first := word[0]
	for i := 0; i+len(word) <= len(s); i++ {
		if s[i]|0x20 != first {
			continue
		}
		j := 1
		for j < len(word) && (s[i+j]|0x20 == word[j] || word[j] == ' ' && s[i+j] == ' ') {
			j++
		}
		if j == len(word) {
			return i
		}
	}
	return -1
}

// isProgressLine recognises progress bars, meters and spinner frames: what a
// terminal redraws in place and a reader of the final text never needs.
func isProgressLine(l string) bool {
	t := strings.TrimSpace(l)
	if t == "" {
		return false
	}
	// A spinner frame: a braille or quarter-circle glyph, a space, a status
	// ("⠋ Installing dependencies").
	if r, size := utf8.DecodeRuneInString(t); (r >= 0x2800 && r <= 0x28ff || strings.ContainsRune("◐◓◑◒", r)) &&
		size < len(t) && t[size] == ' ' {
		return true
	}
	// progressBar needs a '%'; curlMeter one, or t to start with "Dload"
	// or a digit (t is trimmed already, so its margin is gone).
	if !strings.ContainsRune(t, '%') && !strings.HasPrefix(t, "Dload") && (t[0] < '0' || t[0] > '9') {
		return false
	}
	return progressBar(t) || curlMeter(t)
}
