package report

import (
	"encoding/binary"
	"unsafe"
)

// Packed holds failures in memory as the records a spill writes
// (spillcodec.go), in chunks of bytes the collector need not look into. A
// linter's sink with no page holds every warning of a run until its end
// (terse run's list of every problem): held as Failures, 97,000 of
// pylint's problems were 20 MB of pointers, which under MemoryLimit kept
// the collector running for most of the run (0.47 to 0.61 s against 0.10
// s for the page alone).
type Packed struct {
	chunks [][]byte
	refs   []packedRef
	// scratch is where Add encodes a record before it is placed.
	scratch []byte
}

// packedRef is where a record starts: its chunk and its offset in it.
type packedRef struct{ chunk, off uint32 }

// packedChunk is the size of a chunk; a larger record has one of its own.
const packedChunk = 64 << 10

// Add appends f's record and returns its index.
func (p *Packed) Add(f *Failure) int {
	p.scratch = appendFailure(p.scratch[:0], f)
	return p.addRecord(p.scratch)
}

// addRecord appends rec, a record with its length, and returns its index.
// A record goes at the end of the last chunk when it fits there, else in a
// new one (of its own when larger than a chunk): a chunk never moves, so
// the strings Get gave stay views of what they were.
func (p *Packed) addRecord(rec []byte) int {
	n := len(p.chunks)
	if n == 0 || cap(p.chunks[n-1])-len(p.chunks[n-1]) < len(rec) {
		p.chunks = append(p.chunks, make([]byte, 0, max(packedChunk, len(rec))))
		n++
	}
	start := len(p.chunks[n-1])
	p.chunks[n-1] = append(p.chunks[n-1], rec...)
	p.refs = append(p.refs, packedRef{chunk: uint32(n - 1), off: uint32(start)})
	return len(p.refs) - 1
}

// Len is the number of failures added.
func (p *Packed) Len() int { return len(p.refs) }

// Get returns failure i as it was added. Its strings are views of the
// chunk it is in, which a chunk never writes again (Add appends past them),
// so it stays valid after p is dropped; its lists are its own.
func (p *Packed) Get(i int) Failure {
	rec := p.record(i)[4:]
	d := decoder{s: unsafe.String(unsafe.SliceData(rec), len(rec)), shared: true}
	var f Failure
	// A record Add wrote reads back whole (TestPackedKeepsEveryField).
	d.failure(&f)
	return f
}

// record is the bytes of failure i's record, its length first.
func (p *Packed) record(i int) []byte {
	r := p.refs[i]
	c := p.chunks[r.chunk][r.off:]
	return c[:4+binary.LittleEndian.Uint32(c)]
}

// File is failure i's File, read without the rest of it.
func (p *Packed) File(i int) string {
	rec := p.record(i)[4:]
	d := decoder{s: unsafe.String(unsafe.SliceData(rec), len(rec)), shared: true}
	d.string() // Kind
	d.string() // Severity
	return d.string()
}

// Drop removes the failures whose drop is set, keeping the others in
// order (their indices close up), into chunks of their own: those the
// removed ones were in are left to the collector, with any Get's views.
func (p *Packed) Drop(drop []bool) {
	old := *p
	*p = Packed{}
	for i := range old.refs {
		if i < len(drop) && drop[i] {
			continue
		}
		p.addRecord(old.record(i))
	}
}
