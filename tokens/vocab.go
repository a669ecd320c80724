package tokens

import (
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"math/bits"
)

// The vocabularies: OpenAI's BPE ranks for each encoding, written by
// internal/genvocab (go generate) in a compact form that loads in a few
// milliseconds, unlike a Go map literal of the same data (tens of
// milliseconds and three times the memory).
//
//go:generate go run ./internal/genvocab
var (
	//go:embed o200k_base.tkv
	o200kData string
	//go:embed cl100k_base.tkv
	cl100kData string
)

// vocab maps token bytes to ranks with an open-addressing hash table over
// the embedded data: no copy of the tokens, 4 bytes a slot.
type vocab struct {
	data  string   // the .tkv file
	off   []uint32 // token r is data[off[r] : off[r]+len[r]]
	len   []uint8  // every token is 1 to 255 bytes (the longest has 128)
	slots []uint32 // rank+1, or 0 for an empty slot
	mask  uint64
	seed  maphash.Seed
}

func loadVocab(data string) (*vocab, error) {
	if len(data) < 4 || data[:4] != "TKV1" {
		return nil, errors.New("vocabulary: bad header")
	}
	p := 4
	uvarint := func() (uint64, bool) {
		x, k := binary.Uvarint([]byte(data[p:min(len(data), p+binary.MaxVarintLen64)]))
		p += max(k, 0)
		return x, k > 0
	}
	n, ok := uvarint()
	if !ok || n == 0 || n > 1<<24 {
		return nil, errors.New("vocabulary: bad size")
	}
	v := &vocab{data: data, off: make([]uint32, n), len: make([]uint8, n), seed: maphash.MakeSeed()}
	size := uint64(1) << bits.Len64(2*n-1) // a power of two, at most half full
	v.slots = make([]uint32, size)
	v.mask = size - 1
	for r := range n {
		l, ok := uvarint()
		if !ok || l == 0 || l > 255 || uint64(len(data)-p) < l {
			return nil, fmt.Errorf("vocabulary: bad token at rank %d", r)
		}
		v.off[r], v.len[r] = uint32(p), uint8(l)
		i := maphash.String(v.seed, data[p:p+int(l)]) & v.mask
		for v.slots[i] != 0 {
			i = (i + 1) & v.mask
		}
		v.slots[i] = uint32(r + 1)
		p += int(l)
	}
	if p != len(data) {
		return nil, errors.New("vocabulary: trailing data")
	}
	return v, nil
}

// token returns the bytes of rank r.
func (v *vocab) token(r uint32) string {
	o := v.off[r]
	return v.data[o : o+uint32(v.len[r])]
}

// rank returns the rank of b, or false when b is not a token.
func (v *vocab) rank(b []byte) (uint32, bool) {
	i := maphash.Bytes(v.seed, b) & v.mask
	for {
		s := v.slots[i]
		if s == 0 {
			return 0, false
		}
		if v.token(s-1) == string(b) {
			return s - 1, true
		}
		i = (i + 1) & v.mask
	}
}
