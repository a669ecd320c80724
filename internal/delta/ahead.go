package delta

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/terse-dev/terse/report"
)

// What `terse run` does with a large run's failures once its output is
// shaped (record them, read the previous run's record, compare) ran on one
// core while the other had nothing to do: 0.2 s of a run of 91,000
// failures. Recording writes the record as the failures are read back,
// holding their keys alone, and Saved reads and hashes the previous record
// on the other core meanwhile; only what needs both runs is left for after.

// ErrTooMany is Recording's error for a run with more failures than
// MaxEntries: its record is TooMany's.
var ErrTooMany = errTooMany

// Recording is the record of a run written as its failures are read: the
// bytes Encode writes of RecordOf's record, without the record held (16 MB
// at 100,000 failures), and the Keys of what it wrote.
type Recording struct {
	tool string
	held int
	each func(func(report.Failure) error) error
	keys Keys
}

// NewRecording is the recording of the failures each gives of a run of
// tool; held is how many there are when known (0: not known).
func NewRecording(tool string, held int, each func(func(report.Failure) error) error) *Recording {
	return &Recording{tool: tool, held: held, each: each}
}

// WriteTo writes the record, 32 kB at a time, and keeps its Keys. A run
// with more than MaxEntries failures is ErrTooMany, after what was written
// of it.
func (r *Recording) WriteTo(w io.Writer) (int64, error) {
	n := min(max(r.held, 0), MaxEntries)
	r.keys = Keys{Tool: r.tool, ids: make([]key, 0, n), keys: make([]key, 0, n)}
	cw := newChunkWriter(w)
	head := Record{Version: Version, Tool: r.tool, Failures: []Entry{}}
	cw.b = appendHead(cw.b, head)
	i := 0
	err := r.each(func(f report.Failure) error {
		if i >= MaxEntries {
			return errTooMany
		}
		e := EntryOf(f)
		id, k := e.keys()
		r.keys.ids, r.keys.keys = append(r.keys.ids, id), append(r.keys.keys, k)
		cw.b = appendListed(cw.b, i, e)
		i++
		return cw.full()
	})
	if err != nil {
		r.keys = Keys{}
		return cw.n, err
	}
	cw.b = append(appendTail(cw.b, head), '\n')
	return cw.n, cw.flush()
}

// Keys is what comparing needs of the record WriteTo wrote.
func (r *Recording) Keys() Keys { return r.keys }

// Saved is a run's record as saved, read and hashed ahead of the run it is
// compared with: each failure's identity in order, and the count of each
// key, which do not depend on the other run.
type Saved struct {
	rec Record // without its failures
	ids []key
	had map[key]int
	// label gives the label of failure i, walking the record again: only
	// a run with fixed failures asks, for MaxFixedNames of them.
	label func(wanted map[int]string)
}

// ReadSaved reads a record as saved, data (as Encode writes it, or any JSON
// Decode reads), one failure at a time. data must not change after: the
// labels are read from it when asked.
func ReadSaved(data []byte) (*Saved, error) {
	// Every entry terse writes holds a sum: the count sizes the table.
	hint := min(bytes.Count(data, sumKey), MaxEntries)
	s, err := savedOf(func(fn func(Entry)) (Record, error) { return walkRecord(data, fn) }, hint)
	if errors.Is(err, errUnexpected) {
		// Not as terse writes it: read whole by encoding/json.
		whole, err := Decode(data)
		if err != nil {
			return nil, err
		}
		return savedOf(entriesOf(whole), len(whole.Failures))
	}
	return s, err
}

// entriesOf walks r's failures, and gives r without them.
func entriesOf(r Record) func(func(Entry)) (Record, error) {
	es := r.Failures
	r.Failures = nil
	return func(fn func(Entry)) (Record, error) {
		for _, e := range es {
			fn(e)
		}
		return r, nil
	}
}

// savedOf is the Saved of the failures walk gives (about hint of them),
// keeping each one's identity and counting its key; its labels are read
// by walking again.
func savedOf(walk func(func(Entry)) (Record, error), hint int) (*Saved, error) {
	s := &Saved{ids: make([]key, 0, hint), had: make(map[key]int, hint)}
	rec, err := walk(func(e Entry) {
		id, k := e.keys()
		s.ids = append(s.ids, id)
		s.had[k]++
	})
	if err != nil {
		return nil, err
	}
	s.rec = rec
	s.label = func(wanted map[int]string) {
		i := 0
		_, _ = walk(func(e Entry) {
			if _, ok := wanted[i]; ok {
				// A copy: the entry's strings may be views of the
				// saved record, which is let go.
				wanted[i] = strings.Clone(e.Label())
			}
			i++
		})
	}
	return s, nil
}

// Record is the saved record without its failures: a caller checks that
// the two runs are Comparable (Keys.ComparableWith) before it uses the
// comparison.
func (s *Saved) Record() Record { return s.rec }

// Compare is CompareSaved of cur with the saved record (of run since). It
// uses the counts s holds: call it once.
func (s *Saved) Compare(cur Keys, since int) *Comparison {
	d := &report.Delta{Since: since}
	// What the saved run had and cur has not is counted by identity: a
	// failure whose message changed is new, not fixed.
	curIDs := make(map[key]struct{}, len(cur.ids))
	for _, id := range cur.ids {
		curIDs[id] = struct{}{}
	}
	seen := map[key]struct{}{}
	var named []int
	for i, id := range s.ids {
		if _, ok := curIDs[id]; ok {
			continue
		}
		if _, ok := seen[id]; ok {
			continue
		}
		seen[id] = struct{}{}
		d.Fixed++
		if len(named) < MaxFixedNames {
			named = append(named, i)
		}
	}
	if len(named) > 0 {
		wanted := make(map[int]string, len(named))
		for _, i := range named {
			wanted[i] = ""
		}
		s.label(wanted)
		for _, i := range named {
			d.FixedNames = append(d.FixedNames, wanted[i])
		}
	}
	had := s.had
	var matched []int32
	for i, k := range cur.keys {
		if had[k] > 0 {
			had[k]--
			d.Unchanged++
			matched = append(matched, int32(i))
		} else {
			d.New++
		}
	}
	// had counts the saved run's failures again, for Mark.
	for _, i := range matched {
		had[cur.keys[i]]++
	}
	return &Comparison{Delta: d, had: had}
}

// OnlySeen keeps, of the saved run's failures, those its reader read in
// full (seen, the record of the failures its printed page showed: see
// runlog.Store.WriteSeen): Compare then counts a failure unchanged only
// when the reader read it, and every other one is new to that reader and
// shown in full. A failure paged out of the saved run, or cut from its
// page to fit, was never read; shortened to a line, its reason reached no
// one (22 jest failures run twice under Claude Code: the 2 paged out of
// the first run were named nowhere in the second). Without a record of
// what was seen (nil), nothing was.
func (s *Saved) OnlySeen(seen []Entry) {
	read := make(map[key]int, len(seen))
	for _, e := range seen {
		read[e.key()]++
	}
	for k, n := range s.had {
		if m := read[k]; m < n {
			if m == 0 {
				delete(s.had, k)
			} else {
				s.had[k] = m
			}
		}
	}
}
