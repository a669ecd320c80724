package report

import "strings"

// errorKinds are the kinds whose message is an error the code raised, which
// many tests can share (a broken helper, a missing fixture, a database that
// is down). An assertion's message is its own evidence (go test's "got 4,
// want 5"), as is a snapshot's, and a lint problem is a line already.
var errorKinds = map[Kind]bool{KindError: true, KindSuite: true, KindHook: true, KindTimeout: true, KindPanic: true}

// CauseKey is what failures of one cause share: their kind, and their
// reason word for word, the whole message and its details. It is "" for a
// failure that is never folded into a group: one with its own
// expected/received or diff (each is its own evidence), one not of an
// error kind, or one without a message.
//
// Nothing is masked: a group shows one reason for all of its members, so
// members whose reasons differ anywhere (a quoted value, a number, a path,
// the left and right of a Rust assertion on the lines after its first, a
// JSON list of issues) are not one cause to the reader, whose next step
// depends on exactly that value. Keyed on the first line with quoted
// values, paths and numbers masked, cargo's `left == right` panics of 8
// tests were one block that kept the first one's values alone.
func CauseKey(f Failure) string {
	if f.Expected != "" || f.Received != "" || len(f.Diff) > 0 || f.Message == "" || !errorKinds[f.Kind] {
		return ""
	}
	var b strings.Builder
	b.Grow(len(f.Kind) + len(f.Message) + 2)
	b.WriteString(string(f.Kind))
	b.WriteByte(0)
	b.WriteString(f.Message)
	for _, d := range f.Details {
		b.WriteByte(0)
		b.WriteString(d)
	}
	return b.String()
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
