package generic

// The classification as it was before its prefilters and byte scans
// (commit bcf0c0e): the oracle the new code must match on every line.

import (
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
)

var (
	// oldLocSeverityRe: "file:line[:col]: error|warning|note" (gcc, clang, mypy,
	// go vet, many linters), also "file:line:col - error" (tsc --pretty).
	oldLocSeverityRe = filters.Lazy(`^\s*[^\s:]+:\d+(?::\d+)?(?::| -) ?(fatal error|error|warning|note|info)\b`)
	// oldMsbuildRe: "file(line,col): error" (tsc --pretty false, MSBuild, C#).
	oldMsbuildRe = filters.Lazy(`^\s*\S+\(\d+,\d+\): (error|warning)\b`)
	// oldLintCodeRe: "file:line:col: E0102: message" (pylint and kin).
	oldLintCodeRe = filters.Lazy(`^\s*[^\s:]+:\d+:\d+: ([EFWCRI])\d{4}:`)
	// letterSeverityRe: "file:line:col: C: message" (RuboCop), the
	// pattern letterSeverity scans for.
	letterSeverityRe = filters.Lazy(`^\s*[^\s:]+:\d+:\d+: ([CWEFR]): `)
	// oldCodeFirstRe: "file:line:col: F821 message" (flake8, ruff's concise
	// form, pycodestyle): a code and no severity word.
	oldCodeFirstRe = filters.Lazy(`^\s*[^\s:]+:\d+:\d+: ([A-Z]{1,3})\d{2,4} `)
	// oldSeverityHeadRe: "error[E0308]: ...", "warning: ..." at a line start
	// (rustc, cargo, many compilers without a location first).
	oldSeverityHeadRe = filters.Lazy(`^(error|warning|fatal error)(\[\w+\])?: `)
	// oldNumberedRe: mocha's "  1) Suite" failure headers.
	oldNumberedRe = filters.Lazy(`^\s{0,6}\d+\) \S`)
	// oldShellcheckRe: "In file line N:".
	oldShellcheckRe = filters.Lazy(`^In \S+ line \d+:$`)
	// oldArrowLocRe: rustc's "  --> src/lib.rs:3:5".
	oldArrowLocRe = filters.Lazy(`^\s*--> \S+:\d+:\d+`)
)

// oldClassify ranks a cleaned line and says whether it starts a problem (a
// head: a new block) rather than adding to one. Lines that report a pass
// rank below every problem, whatever words their test's name holds. The
// order matters: a test runner's verdict line is read before the located
// forms, since a test name may hold "file:1: error"; words count last.
func oldClassify(l string) (rank int, head bool) {
	t := strings.TrimLeft(l, " \t")
	if t == "" || parse.PassingLine(t) {
		return rankNone, false
	}
	if rank, ok := oldTestVerdict(l, t); ok {
		return rank, rank > rankNone
	}
	if rank, ok := oldLocatedProblem(l); ok {
		return rank, true
	}
	return oldBodyRank(l, t), false
}

// oldTestVerdict reads the lines test runners open a failure with (TAP's "not
// ok", FAIL/ERROR words, unittest's "... FAIL", failure glyphs, cargo's
// "---- name stdout ----"). A TAP "not ok" excused by TODO or SKIP is a
// verdict too, of no problem: ok with rankNone.
func oldTestVerdict(l, t string) (rank int, ok bool) {
	switch {
	case strings.HasPrefix(t, "not ok "):
		if parse.TAPDirective(t) {
			return rankNone, true
		}
		return rankError, true
	case t == l && (parse.HasWordPrefix(l, "FAIL") || parse.HasWordPrefix(l, "FAILED") || parse.HasWordPrefix(l, "ERROR")):
		return rankError, true
	case strings.HasSuffix(t, " ... FAIL") || strings.HasSuffix(t, " ... ERROR") || strings.HasSuffix(t, " ... FAILED"):
		return rankError, true
	case oldFailMark(t):
		return rankError, true
	case strings.HasPrefix(t, "---- ") && strings.HasSuffix(t, " stdout ----"):
		return rankError, true // cargo test's failure header
	}
	return rankNone, false
}

// oldLocatedProblem reads the heads compilers and linters print: a location
// and a severity or code (gcc, tsc, pylint, flake8, MSBuild), a severity at
// the margin (rustc), shellcheck's "In file line N:", mocha's "1) name".
// Their rank comes from the severity word or the lint code's letter.
func oldLocatedProblem(l string) (rank int, ok bool) {
	if m := oldLintCodeRe.FindStringSubmatch(l); m != nil {
		return oldLintRank(m[1]), true
	}
	if m := oldLocSeverityRe.FindStringSubmatch(l); m != nil {
		return oldSeverityRank(m[1]), true
	}
	if m := oldCodeFirstRe.FindStringSubmatch(l); m != nil {
		// pyflakes' F codes are real mistakes, style codes notes.
		return oldLintRank(m[1]), true
	}
	if m := letterSeverityRe.FindStringSubmatch(l); m != nil {
		return oldLintRank(m[1]), true
	}
	if m := oldMsbuildRe.FindStringSubmatch(l); m != nil {
		return oldSeverityRank(m[1]), true
	}
	if m := oldSeverityHeadRe.FindStringSubmatch(l); m != nil {
		return oldSeverityRank(m[1]), true
	}
	if oldShellcheckRe.MatchString(l) || oldNumberedRe.MatchString(l) {
		return rankError, true
	}
	return rankNone, false
}

// oldBodyRank ranks a line that starts no problem but belongs to one: a panic,
// a traceback, rustc's "--> file:line:col", a line with a problem word. A
// line whose only problem word is "warning" ranks as a warning.
func oldBodyRank(l, t string) int {
	switch {
	case strings.Contains(t, "panicked at"), strings.HasPrefix(t, "Traceback (most recent call last)"):
		return rankError
	case oldArrowLocRe.MatchString(l):
		return rankNote
	case oldLooksLikeProblem(l):
		if oldOnlyWarning(l) {
			return rankWarning
		}
		return rankError
	}
	return rankNone
}

// oldFailMark: a line that starts with a failure glyph (jest's "●", the
// crosses of spec reporters: "✕", "✖", "×", "✗", "✘").
func oldFailMark(t string) bool {
	for _, m := range []string{"● ", "✕ ", "✖ ", "× ", "✗ ", "✘ "} {
		if strings.HasPrefix(t, m) {
			return true
		}
	}
	return false
}

func oldSeverityRank(w string) int {
	switch w {
	case "error", "fatal error":
		return rankError
	case "warning":
		return rankWarning
	}
	return rankNote
}

func oldLintRank(letter string) int {
	switch letter {
	case "E", "F":
		return rankError
	case "W":
		return rankWarning
	}
	return rankNote
}

// oldOnlyWarning: a problem line whose only problem word is "warning".
func oldOnlyWarning(l string) bool {
	i := oldIndexFold(l, "warning")
	if i < 0 {
		return false
	}
	return !oldLooksLikeProblem(l[:i] + strings.Repeat(" ", len("warning")) + l[i+len("warning"):])
}

// oldProblemWords are the words that make a line from the omitted middle of a
// long output worth keeping. "error" and "exception" may end a longer word
// (SyntaxError, NullPointerException); the others must start one.
var oldProblemWords = []struct {
	word   string
	suffix bool
}{
	{"error", true}, {"exception", true}, {"fail", false}, {"fatal", false}, {"panic", false},
	{"warning", false}, {"traceback", false}, {"denied", false}, {"cannot", false},
	{"undefined", false}, {"not found", false}, {"segmentation fault", false},
}

// oldLooksLikeProblem tells lines worth keeping from the omitted middle of a
// long output. It is a plain scan, not a regexp: it runs on every line of a
// long log.
func oldLooksLikeProblem(l string) bool {
	for _, w := range oldProblemWords {
		for from := 0; ; {
			i := oldIndexFold(l[from:], w.word)
			if i < 0 {
				break
			}
			i += from
			end := i + len(w.word)
			endOK := end == len(l) || !parse.IsWordByte(l[end]) || (l[end]|0x20) == 's' && (end+1 == len(l) || !parse.IsWordByte(l[end+1]))
			startOK := w.suffix || i == 0 || !parse.IsWordByte(l[i-1])
			if w.word == "fail" {
				endOK = true // fail, failed, failure, failing
			}
			if startOK && endOK {
				return true
			}
			from = i + 1
		}
	}
	return false
}

// oldIndexFold finds word (lower-case ASCII) in s ignoring ASCII case, without
// allocating a lower-case copy of s.
func oldIndexFold(s, word string) int {
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

var (
	// oldProgressBarRe: a percentage beside a run of bar characters (wget's
	// "45%[=====>   ]", pip's "━━━━━ 45%", tqdm's "45%|████▌ |").
	oldProgressBarRe = filters.Lazy(`\d{1,3}(?:\.\d+)?\s?%.*(?:[=#>\-]{4,}|[█▉▊▋▌▍▎▏░▒▓■━─]{2,})|(?:[=#>\-]{4,}|[█▉▊▋▌▍▎▏░▒▓■━─]{2,}).*\d{1,3}(?:\.\d+)?\s?%`)
	// curl's progress meter: its two header lines and its rows of numbers.
	oldCurlMeterRe = filters.Lazy(`^\s*(?:% Total\s+% Received|Dload\s+Upload|\d+\s+[\d.]+[kMG]?\s+\d+\s+[\d.]+[kMG]?\s+\d+\s+\d+\s+[\d.]+[kMG]?\s+[\d.]+[kMG]?\s+[-\d:]+\s+[-\d:]+\s+[-\d:]+\s+[\d.]+[kMG]?$)`)
)

// oldIsProgressLine recognises progress bars, meters and spinner frames: what a
// terminal redraws in place and a reader of the final text never needs.
func oldIsProgressLine(l string) bool {
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
	if !strings.ContainsRune(t, '%') && !strings.Contains(t, "Dload") && (t[0] < '0' || t[0] > '9') {
		return false
	}
	return oldProgressBarRe.MatchString(t) || oldCurlMeterRe.MatchString(t)
}
