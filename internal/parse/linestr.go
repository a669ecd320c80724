package parse

import (
	"strings"
	"unsafe"

	"github.com/terse-dev/terse/internal/filters"
)

// lineSlab is the size of the blocks LineStrings cuts strings from, and
// lineOwn the length from which a line gets an allocation of its own.
const (
	lineSlab = 2048
	lineOwn  = lineSlab / 4
)

// LineStrings turns the lines a LineReader returns into strings, many to
// one allocation: an allocation per line was a sixth of the go test and
// pytest parsers' time. A string keeps its whole block alive, so a parser
// that keeps one line of each of many blocks holds up to lineSlab bytes for
// each; parsers that use it keep a bounded number of lines, and the block
// is small for that reason.
type LineStrings struct {
	b strings.Builder
}

// String returns raw as a string that nothing changes afterwards.
func (s *LineStrings) String(raw []byte) string {
	if len(raw) >= lineOwn {
		return string(raw)
	}
	if s.b.Cap()-s.b.Len() < len(raw) {
		// A new block: the strings cut from the old one keep it.
		s.b.Reset()
		s.b.Grow(lineSlab)
	}
	n := s.b.Len()
	s.b.Write(raw)
	// strings.Builder never changes bytes it has written, so the strings
	// it returned stay as they were.
	return s.b.String()[n:]
}

// EachClean calls fn with the visible text of every line of lr
// (filters.CleanLine), a cut line ending in filters.CutMark, as
// lr.EachClean does, with the line's string from a LineStrings.
func EachClean(lr *filters.LineReader, fn func(line string)) error {
	// The LineStrings is the converting goroutine's alone.
	var strs LineStrings
	return lr.EachConverted(func(raw []byte) string { return filters.CleanLine(strs.String(raw)) }, fn)
}

// Clone is String of the bytes of str: a copy of a line held in memory
// that is written again (a pipe's scan cuts its batches' lines from
// arrays it reuses), cut from the shared blocks.
func (s *LineStrings) Clone(str string) string {
	if str == "" {
		return ""
	}
	return s.String(unsafe.Slice(unsafe.StringData(str), len(str)))
}
