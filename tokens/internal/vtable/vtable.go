// Package vtable is the layout of the vocabularies terse embeds: a hash
// table of BPE tokens to ranks, written whole by genvocab so that using it
// costs no load at all. The first count of a run touches only the pages of
// the table it reads, where building the table at start-up cost about 20 ms
// of every terse run that counted tokens (one per shaped run, for the
// savings ledger).
//
// Layout, integers little-endian:
//
//	"TKV2"
//	n      uint32  number of ranks (dense from 0)
//	slots  uint32  size of the slot table, a power of two
//	recs   uint32  size of the record area in bytes
//	slot table: slots × uint32; 0 is empty, else 1 + the offset of a record
//	records, in rank order: length (1 byte, 1-255), the token's bytes,
//	                        its rank (3 bytes)
//
// A token's slot is Hash(token) & (slots-1), or the next free one after it
// (linear probing). The table is at most half full.
package vtable

// Magic opens every table.
const Magic = "TKV2"

// HeaderSize is the size of the magic and the three counts.
const HeaderSize = 16

// Hash is the table's hash of a token. It must never change without the
// tables being written again (go generate in tokens/), which the tests
// check by looking up every rank.
func Hash(b []byte) uint64 {
	const m = 0x9e3779b97f4a7c15
	h := uint64(len(b)) * m
	for len(b) >= 8 {
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		h = (h ^ w) * m
		h ^= h >> 32
		b = b[8:]
	}
	var w uint64
	for i, c := range b {
		w |= uint64(c) << (8 * i)
	}
	h = (h ^ w) * m
	// A final mix (splitmix64's), so that the low bits, which pick the
	// slot, depend on every input bit.
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}
