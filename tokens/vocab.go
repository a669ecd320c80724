package tokens

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"github.com/terse-dev/terse/tokens/internal/vtable"
)

// The vocabularies: OpenAI's BPE ranks for each encoding, written by
// internal/genvocab (go generate) as ready hash tables (package vtable), so
// that nothing is built when terse starts counting.
//
//go:generate go run ./internal/genvocab
var (
	//go:embed o200k_base.tkv
	o200kData string
	//go:embed cl100k_base.tkv
	cl100kData string
)

// vocab maps token bytes to ranks with the embedded table itself: no copy,
// no allocation, and only the pages a count reads are ever touched.
type vocab struct {
	n     int
	slots string // the slot table: 4 bytes a slot
	recs  string // the records
	mask  uint64
}

// loadVocab checks the table's header and sizes; the table is used in place.
func loadVocab(data string) (*vocab, error) {
	if len(data) < vtable.HeaderSize || data[:4] != vtable.Magic {
		return nil, errors.New("vocabulary: bad header")
	}
	u32 := func(at int) uint64 { return uint64(binary.LittleEndian.Uint32([]byte(data[at : at+4]))) }
	n, size, recs := u32(4), u32(8), u32(12)
	if n == 0 || n >= 1<<24 || size < 2*n || bits.OnesCount64(size) != 1 {
		return nil, fmt.Errorf("vocabulary: bad sizes (%d ranks, %d slots)", n, size)
	}
	if uint64(len(data)) != vtable.HeaderSize+4*size+recs {
		return nil, errors.New("vocabulary: truncated or trailing data")
	}
	end := vtable.HeaderSize + 4*size
	return &vocab{n: int(n), slots: data[vtable.HeaderSize:end], recs: data[end:], mask: size - 1}, nil
}

// rank returns the rank of b, or false when b is not a token.
func (v *vocab) rank(b []byte) (uint32, bool) {
	i := vtable.Hash(b) & v.mask
	for {
		o := uint32(v.slots[4*i]) | uint32(v.slots[4*i+1])<<8 | uint32(v.slots[4*i+2])<<16 | uint32(v.slots[4*i+3])<<24
		if o == 0 {
			return 0, false
		}
		o--
		if l := uint32(v.recs[o]); l == uint32(len(b)) && v.recs[o+1:o+1+l] == string(b) {
			r := v.recs[o+1+l:]
			return uint32(r[0]) | uint32(r[1])<<8 | uint32(r[2])<<16, true
		}
		i = (i + 1) & v.mask
	}
}

// each calls fn with every token in rank order (for the tests).
func (v *vocab) each(fn func(rank uint32, tok string)) {
	for o := 0; o < len(v.recs); {
		l := int(v.recs[o])
		r := v.recs[o+1+l:]
		fn(uint32(r[0])|uint32(r[1])<<8|uint32(r[2])<<16, v.recs[o+1:o+1+l])
		o += 1 + l + 3
	}
}
