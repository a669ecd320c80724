// Package delta compares a run with the previous run of the same command
// (same command line, same working directory): which failures are new,
// which are unchanged, which are gone. An agent fixing bugs one at a time
// runs the same suite many times; every failure it has already read, printed
// again in full, only costs context. The failures of each saved run are
// recorded beside it (Record), and the next run of the command is compared
// with that record.
//
// A failure's identity is its tool, file and full name (the kind stands in
// for the name of a failure without one: a suite that failed to load). It is
// unchanged when a failure of the same identity had the same message and
// expected/received in the previous run; a changed message counts as new.
package delta

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/maphash"
	"strconv"

	"github.com/terse-dev/terse/internal/jsonscan"
	"github.com/terse-dev/terse/report"
)

// Version is the format of a Record; a record of another version is not
// compared (the run has no delta) rather than misread.
const Version = 1

// MaxEntries bounds a record: a run with more failures than this records
// none, and the next run has no delta (a cut list would call the failures
// past the cut fixed).
const MaxEntries = 100_000

// Entry is one failure of a run, as little as comparing needs.
type Entry struct {
	File string `json:"file,omitempty"`
	Line int    `json:"line,omitempty"`
	Name string `json:"name,omitempty"`
	Kind string `json:"kind,omitempty"`
	// Sum is a hash of the message and expected/received: what must be
	// the same for the failure to count as unchanged.
	Sum string `json:"sum"`
}

// Record is the failures of one run, saved beside it.
type Record struct {
	Version  int     `json:"version"`
	Tool     string  `json:"tool"`
	Failures []Entry `json:"failures"`
	// TooMany is set when the run had more failures than MaxEntries: the
	// record holds none of them and is never compared.
	TooMany bool `json:"tooMany,omitempty"`
}

// EntryOf is the entry of a failure.
func EntryOf(f report.Failure) Entry {
	e := Entry{File: f.File, Line: f.Line, Name: f.Name, Kind: string(f.Kind)}
	var stack [512]byte
	b := stack[:0]
	for _, s := range []string{f.Message, f.Expected, f.Received} {
		// Length-prefixed ("%d:%s"): no two different triples hash
		// alike.
		b = append(strconv.AppendInt(b, int64(len(s)), 10), ':')
		b = append(b, s...)
	}
	sum := sha256.Sum256(b)
	e.Sum = hex.EncodeToString(sum[:12])
	return e
}

// key is a failure's identity within its tool (its file and name, or its
// kind in parentheses when it has no name), or that identity with the sum
// of what must stay the same for it to count as unchanged, as two 64-bit
// hashes of the fields, with seeds of the process's own. Keyed by the
// strings themselves (48 bytes a key), the maps that compare two runs of
// 86,000 failures each took 16 MB more of `terse run`'s peak than these;
// two different keys hash alike once in 2^128.
type key [2]uint64

// seeds are the hashes' seeds: keys are compared within one process only.
var seeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// id is the failure's identity within its tool.
func (e Entry) id() key {
	id, _ := e.keys()
	return id
}

// key is the identity and the content: equal keys are unchanged.
func (e Entry) key() key {
	_, k := e.keys()
	return k
}

// keys are the failure's id and key, hashed from one buffer: the fields,
// each led by its length, so that no two different lists of fields give
// the same bytes.
func (e Entry) keys() (id, content key) {
	var stack [512]byte
	b := appendField(stack[:0], e.File)
	if e.Name != "" {
		b = appendField(b, e.Name)
	} else {
		b = binary.LittleEndian.AppendUint64(b, uint64(len(e.Kind)+2))
		b = append(append(append(b, '('), e.Kind...), ')')
	}
	id = key{maphash.Bytes(seeds[0], b), maphash.Bytes(seeds[1], b)}
	b = appendField(b, e.Sum)
	return id, key{maphash.Bytes(seeds[0], b), maphash.Bytes(seeds[1], b)}
}

// appendField appends s to b after its length.
func appendField(b []byte, s string) []byte {
	return append(binary.LittleEndian.AppendUint64(b, uint64(len(s))), s...)
}

// Label names the failure for the line of fixed ones: its name, or its
// file when it has none.
func (e Entry) Label() string {
	if e.Name != "" {
		return e.Name
	}
	if e.File != "" {
		return e.File
	}
	return "(" + e.Kind + ")"
}

// RecordOf builds the record of a run from every one of its failures; held
// is how many there are when known (0: not known). (Grown by appends, the
// list of 86,000 failures allocated 5 times its size.)
func RecordOf(tool string, held int, each func(func(report.Failure) error) error) (Record, error) {
	rec := Record{Version: Version, Tool: tool, Failures: make([]Entry, 0, min(max(held, 0), MaxEntries))}
	// Thousands of failures share a few files and kinds: one string
	// each, not one a failure (a spilled failure reads back with strings
	// of its own).
	shared := map[string]string{}
	share := func(s string) string {
		if t, ok := shared[s]; ok {
			return t
		}
		shared[s] = s
		return s
	}
	err := each(func(f report.Failure) error {
		if len(rec.Failures) >= MaxEntries {
			return errTooMany
		}
		e := EntryOf(f)
		e.File, e.Kind = share(e.File), share(e.Kind)
		rec.Failures = append(rec.Failures, e)
		return nil
	})
	if errors.Is(err, errTooMany) {
		return TooMany(tool), nil
	}
	return rec, err
}

// TooMany is the record of a run of tool with more than MaxEntries
// failures: none of them, and never compared.
func TooMany(tool string) Record {
	return Record{Version: Version, Tool: tool, Failures: []Entry{}, TooMany: true}
}

var errTooMany = errors.New("too many failures to record")

// Encode is the record as saved.
func (r Record) Encode() ([]byte, error) {
	return append(appendRecord(make([]byte, 0, encodedSize(r)), r), '\n'), nil
}

// encodedSize is about the size of r encoded: its strings, with room for
// a few escapes, and what every entry writes around them. (A guess of 160
// bytes an entry grew the buffer once on a large run: twice the memory.)
func encodedSize(r Record) int {
	n := 64 + len(r.Tool)
	for _, e := range r.Failures {
		n += len(e.File) + len(e.Name) + len(e.Kind) + len(e.Sum) + 64
	}
	return n + n/16
}

// walkRecord calls fn with each failure of the record data holds, as
// terse writes it (errUnexpected otherwise: Decode reads it), and returns
// the record without its failures. fn's entries are views of data.
func walkRecord(data []byte, fn func(Entry)) (Record, error) {
	var r Record
	if err := (&recordReader{sc: jsonscan.Scanner{B: data}, each: fn}).record(&r); err != nil {
		return Record{}, err
	}
	if r.Version != Version {
		return Record{}, fmt.Errorf("failures record of version %d, not %d", r.Version, Version)
	}
	return r, nil
}

// Decode reads a saved record. Its strings are views of data where they can
// be, not copies: a record of 86,000 failures read back in a third of the
// time and with 8 MB less of `terse run`'s peak. data must not change
// after.
func Decode(data []byte) (Record, error) {
	r, err := decodeRecord(data)
	if err != nil {
		return Record{}, fmt.Errorf("reading the failures record: %w", err)
	}
	if r.Version != Version {
		return Record{}, fmt.Errorf("failures record of version %d, not %d", r.Version, Version)
	}
	return r, nil
}

// Comparable reports whether a run recorded as cur can be compared with one
// recorded as prev: both whole, of the same tool.
func Comparable(prev, cur Record) bool {
	return !prev.TooMany && !cur.TooMany && prev.Tool == cur.Tool
}

// MaxFixedNames is how many fixed failures the delta names; the rest are
// counted.
const MaxFixedNames = 10

// Keys is what comparing needs of a run's record: its tool, whether it
// held too many failures, and each failure's identity and key, in order,
// without the strings (32 bytes a failure, where the record takes about
// 180).
type Keys struct {
	Tool    string
	TooMany bool
	ids     []key
	keys    []key
}

// Keys is r as comparing needs it.
func (r Record) Keys() Keys {
	k := Keys{Tool: r.Tool, TooMany: r.TooMany, ids: make([]key, len(r.Failures)), keys: make([]key, len(r.Failures))}
	for i, e := range r.Failures {
		k.ids[i], k.keys[i] = e.keys()
	}
	return k
}

// Len is the number of failures.
func (k Keys) Len() int { return len(k.keys) }

// ComparableWith reports whether the run k is of can be compared with one
// recorded as prev (Comparable).
func (k Keys) ComparableWith(prev Record) bool {
	return Comparable(prev, Record{Tool: k.Tool, TooMany: k.TooMany})
}

// Comparison is a run compared with the previous run of its command: the
// counts, and what Mark needs.
type Comparison struct {
	Delta *report.Delta
	// had counts the previous run's failures by key.
	had map[key]int
}

// Mark is the Change of failure f of the run, for report.SetChange, as
// Marker gives it.
func (c *Comparison) Mark(f report.Failure) string {
	if c.had[EntryOf(f).key()] > 0 {
		return report.ChangeUnchanged
	}
	return report.ChangeNew
}

// Compare counts the changes from prev (run since) to cur. Failures are
// matched as multisets: two failures of one identity and message in prev
// match two in cur.
func Compare(prev, cur Record, since int) *report.Delta {
	s, _ := savedOf(entriesOf(prev), len(prev.Failures))
	return s.Compare(cur.Keys(), since).Delta
}

// CompareSaved is Compare of the run recorded as cur with the previous
// run's record as saved, data (as Encode writes it, or any JSON Decode
// reads), read one failure at a time: the previous run's record is never
// held whole (ReadSaved). It returns the saved record without its
// failures: a caller checks that the two are Comparable (ComparableWith)
// before it uses the comparison.
func CompareSaved(data []byte, cur Keys, since int) (*Comparison, Record, error) {
	s, err := ReadSaved(data)
	if err != nil {
		return nil, Record{}, err
	}
	return s.Compare(cur, since), s.Record(), nil
}

// Marker returns the Change of each failure against prev, for
// report.SetChange. It keeps no state, as a page may be walked more than
// once: a failure is unchanged when prev had one of the same identity and
// content (Compare, which counts, matches duplicates one to one).
func Marker(prev Record) func(report.Failure) string {
	had := counts(prev.Failures)
	return func(f report.Failure) string {
		if had[EntryOf(f).key()] > 0 {
			return report.ChangeUnchanged
		}
		return report.ChangeNew
	}
}

func counts(es []Entry) map[key]int {
	m := make(map[key]int, len(es))
	for _, e := range es {
		m[e.key()]++
	}
	return m
}
