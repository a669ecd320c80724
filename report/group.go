package report

import (
	"regexp"
	"strings"
	"sync"
)

// causeMasks are the masks of CauseKey: the parts of a message that differ
// between failures of one cause (the value read, the line it broke on, the
// temp directory). They are compiled on first use, not at start-up: every
// terse process links this package, and most (a green run, terse run --
// true, a hook) never group a failure.
var causeMasks = sync.OnceValue(func() [3]*regexp.Regexp {
	return [3]*regexp.Regexp{
		regexp.MustCompile("'[^']*'|\"[^\"]*\"|`[^`]*`"),
		regexp.MustCompile(`(?:[A-Za-z]:)?[\w.@~-]*(?:[/\\][\w.@~-]+)+(?::\d+)*`),
		regexp.MustCompile(`\d+(?:\.\d+)?`),
	}
})

// errorKinds are the kinds whose message is an error the code raised, which
// many tests can share (a broken helper, a missing fixture, a database that
// is down). An assertion's message is its own evidence (go test's "got 4,
// want 5"), as is a snapshot's, and a lint problem is a line already.
var errorKinds = map[Kind]bool{KindError: true, KindSuite: true, KindHook: true, KindTimeout: true, KindPanic: true}

// CauseKey is what failures of one cause share: their kind, and the first
// line of their message with quoted values, paths and numbers masked. It is
// "" for a failure that is never folded into a group: one with its own
// expected/received or diff (each is its own evidence), one not of an
// error kind, or one without a message.
func CauseKey(f Failure) string {
	if f.Expected != "" || f.Received != "" || len(f.Diff) > 0 || f.Message == "" || !errorKinds[f.Kind] {
		return ""
	}
	first, _, _ := strings.Cut(f.Message, "\n")
	m := causeMasks()
	first = m[0].ReplaceAllString(first, "Q") // quoted values
	first = m[1].ReplaceAllString(first, "P") // paths
	first = m[2].ReplaceAllString(first, "N") // numbers
	return string(f.Kind) + "\x00" + strings.TrimSpace(first)
}

// Groups splits failures into entries: those that share a cause key, in
// one entry at the place of the first of them; the others alone.
func Groups(fs []Failure) [][]Failure {
	var out [][]Failure
	at := map[string]int{}
	for _, f := range fs {
		k := CauseKey(f)
		if k == "" {
			out = append(out, []Failure{f})
			continue
		}
		if i, ok := at[k]; ok {
			out[i] = append(out[i], f)
			continue
		}
		at[k] = len(out)
		out = append(out, []Failure{f})
	}
	return out
}
