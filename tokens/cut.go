package tokens

// segmentSize is the size Count and Counter aim for when they split input:
// large enough that per-call overhead vanishes, small enough that the
// splitter's working memory (9 bytes a character) stays under 1 MB.
const segmentSize = 64 << 10

// cut returns n such that b[:n] ends at a boundary no token crosses. It
// prefers the last boundary at or before size, else the first one after it;
// with none in b, found is false and n is len(b) (the end of the input is a
// boundary too, so Count, which holds all of it, may count b whole).
//
// Why these boundaries are safe: the encodings first split text into pieces
// with a regular expression and then merge bytes only inside a piece, so a
// position where a piece always ends and the next always starts splits the
// count exactly. The pattern has no look-behind, so a piece that starts at a
// boundary is the same as at the start of a text. Two kinds are used:
//
//  1. After '\n' when the next byte is ASCII printable, not space and not
//     '/'. The pieces that can hold a newline (a run of whitespace ending in
//     newlines, or punctuation followed by "[\r\n/]*" in o200k, "[\r\n]*" in
//     cl100k) cannot go on past such a byte, and no piece starts with a
//     newline and goes on into letters or digits.
//  2. Before ' ' between two ASCII letters: letter pieces hold no space, and
//     " word" starts a piece wherever it stands. Used only for long lines.
//
// TestCutExact checks both against counting the whole text, on every
// capture in testdata and under fuzzing.
func cut(b []byte, size int) (n int, found bool) {
	if len(b) <= size {
		return len(b), true
	}
	if i := lastBoundary(b[:size+1]); i > 0 {
		return i, true
	}
	if i := firstBoundary(b, size); i > 0 {
		return i, true
	}
	return len(b), false
}

// lastBoundary returns the last boundary i in b with 0 < i < len(b), or 0.
// b[i] must be readable, so callers pass one byte beyond the limit.
func lastBoundary(b []byte) int {
	// Newline boundaries first: they are the common case in logs.
	for i := len(b) - 1; i > 0; i-- {
		if b[i-1] == '\n' && lineStart(b[i]) {
			return i
		}
	}
	for i := len(b) - 2; i > 0; i-- {
		if b[i] == ' ' && asciiLetter(b[i-1]) && asciiLetter(b[i+1]) {
			return i
		}
	}
	return 0
}

// firstBoundary returns the first boundary at or after from, or 0.
func firstBoundary(b []byte, from int) int {
	for i := max(from, 1); i < len(b); i++ {
		if b[i-1] == '\n' && lineStart(b[i]) {
			return i
		}
		if b[i] == ' ' && i+1 < len(b) && asciiLetter(b[i-1]) && asciiLetter(b[i+1]) {
			return i
		}
	}
	return 0
}

func lineStart(c byte) bool { return c > ' ' && c < 0x7f && c != '/' }

func asciiLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
