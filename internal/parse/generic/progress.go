package generic

import "strings"

// The progress forms isProgressLine drops are recognised by byte scans, not
// regexps: a log of downloads is mostly such lines. Each scan accepts
// exactly what the regexp it replaced matched (oldProgressBarRe and
// oldCurlMeterRe in oracle_internal_test.go); TestProgressScansMatchRegexps
// and FuzzProgressScans hold them to it.

// barGlyph reports whether a bar glyph (█▉▊▋▌▍▎▏░▒▓■━─, U+2500–U+25A0 in
// UTF-8) starts s[i:].
func barGlyph(s string, i int) bool {
	if i+3 > len(s) || s[i] != 0xe2 {
		return false
	}
	switch c := s[i+2]; s[i+1] {
	case 0x96: // U+2588–U+258F, U+2591–U+2593, U+25A0
		return c >= 0x88 && c <= 0x8f || c >= 0x91 && c <= 0x93 || c == 0xa0
	case 0x94: // U+2500, U+2501
		return c == 0x80 || c == 0x81
	}
	return false
}

// barByte reports whether c is in the ASCII bar class [=#>\-].
func barByte(c byte) bool { return c == '=' || c == '#' || c == '>' || c == '-' }

// progressScan is the state of progressBar's one pass.
type progressScan struct {
	pctEnd   bool // a percentage ended since the last newline
	barEnd   bool // a bar ended since the last newline
	barPreNL bool // barEnd as it was before the last newline
	run      int  // bar bytes in a row so far
}

// progressBar reports whether s holds a percentage and a bar in either
// order on one line: the regexp `\d{1,3}(?:\.\d+)?\s?%.*BAR|BAR.*\d{1,3}
// (?:\.\d+)?\s?%`, where BAR is four of [=#>-] or two bar glyphs. A
// percentage is a '%' after a digit, or after a digit and one white byte;
// the ".*" between the two takes anything but a newline. One pass records
// what has ended since the last newline.
func progressBar(s string) bool {
	var st progressScan
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case barByte(c):
			if st.run++; st.run >= 4 {
				if st.pctEnd {
					return true
				}
				st.barEnd = true
			}
			continue
		case barGlyph(s, i) && barGlyph(s, i+3):
			if st.pctEnd {
				return true
			}
			st.barEnd = true
		case c == '\n':
			st.barPreNL, st.barEnd, st.pctEnd = st.barEnd, false, false
		case c == '%' && st.percentBefore(s, i):
			return true
		}
		st.run = 0
	}
	return false
}

// percentBefore takes the '%' at s[i]: it reports whether it ends a
// percentage after a bar (a match), and else records whether it ends one.
func (st *progressScan) percentBefore(s string, i int) bool {
	switch {
	case i >= 1 && isDigit(s[i-1]):
		st.pctEnd = true
		return st.barEnd
	case i >= 2 && reSpace(s[i-1]) && isDigit(s[i-2]):
		st.pctEnd = true
		// A newline inside the percentage ("5\n%") is not between it and
		// a bar before it: what counts is the state before that newline.
		if s[i-1] == '\n' {
			return st.barPreNL
		}
		return st.barEnd
	}
	return false
}

// curlMeter reports whether s is a line of curl's progress meter:
// `^\s*(?:% Total\s+% Received|Dload\s+Upload|ROW$)`, ROW being its twelve
// white-separated columns of numbers, sizes and times. No column holds a
// white byte, so the row splits at white runs in one way only.
func curlMeter(s string) bool {
	t := trimReSpace(s)
	if rest, ok := strings.CutPrefix(t, "% Total"); ok {
		return cutWhite(rest, "% Received")
	}
	if rest, ok := strings.CutPrefix(t, "Dload"); ok {
		return cutWhite(rest, "Upload")
	}
	return curlRow(t)
}

// cutWhite reports whether s is a run of white bytes, then word.
func cutWhite(s, word string) bool {
	t := trimReSpace(s)
	return len(t) < len(s) && strings.HasPrefix(t, word)
}

// curlColumns are the classes of the columns of a curl meter row: 'd'
// digits, 's' a size ([\d.]+[kMG]?), 't' a time ([-\d:]+).
const curlColumns = "dsdsddssttts"

// curlRow reports whether t (its margin gone) is a meter row: the twelve
// columns of curlColumns separated by white runs, the last one ending t.
func curlRow(t string) bool {
	for k := 0; k < len(curlColumns); k++ {
		n := 0
		for n < len(t) && !reSpace(t[n]) {
			n++
		}
		if !curlColumn(t[:n], curlColumns[k]) {
			return false
		}
		t = t[n:]
		if k == len(curlColumns)-1 {
			return t == ""
		}
		if rest := trimReSpace(t); len(rest) < len(t) {
			t = rest
		} else {
			return false
		}
	}
	return false
}

// curlColumn reports whether col is of the class kind (see curlColumns).
func curlColumn(col string, kind byte) bool {
	if kind == 's' && len(col) > 1 && strings.IndexByte("kMG", col[len(col)-1]) >= 0 {
		col = col[:len(col)-1]
	}
	if col == "" {
		return false
	}
	for i := 0; i < len(col); i++ {
		c := col[i]
		ok := isDigit(c) || kind == 's' && c == '.' || kind == 't' && (c == '-' || c == ':')
		if !ok {
			return false
		}
	}
	return true
}
