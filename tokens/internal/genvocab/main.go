// Command genvocab writes the BPE vocabularies terse embeds, o200k_base.tkv
// and cl100k_base.tkv, into the current directory (go generate in
// tokens/). It reads them from github.com/tiktoken-go/tokenizer, which
// embeds OpenAI's published rank files, so no network is needed. The
// layout is package vtable's: a ready hash table, so that terse loads
// nothing.
package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"

	"github.com/tiktoken-go/tokenizer"

	"github.com/terse-dev/terse/tokens/internal/vtable"
)

func main() {
	for _, enc := range []tokenizer.Encoding{tokenizer.O200kBase, tokenizer.Cl100kBase} {
		if err := write(enc); err != nil {
			fmt.Fprintln(os.Stderr, "genvocab:", err)
			os.Exit(1)
		}
	}
}

func write(enc tokenizer.Encoding) error {
	c, err := tokenizer.Get(enc)
	if err != nil {
		return err
	}
	// Ranks are dense from 0; the special tokens lie above the last one
	// and are not part of the vocabulary.
	var toks [][]byte
	for id := uint(0); ; id++ {
		s, err := c.Decode([]uint{id})
		if err != nil {
			break
		}
		toks = append(toks, []byte(s))
	}
	out, probes, err := build(toks)
	if err != nil {
		return fmt.Errorf("%s: %w", enc, err)
	}
	name := string(enc) + ".tkv"
	if err := os.WriteFile(name, out, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d ranks, %d bytes, %.2f probes a hit on average\n", name, len(toks), len(out), probes)
	return nil
}

// build lays out the table; probes is the mean number of slots a lookup of
// a token reads.
func build(toks [][]byte) ([]byte, float64, error) {
	n := len(toks)
	if n == 0 || n >= 1<<24 {
		return nil, 0, fmt.Errorf("%d ranks: the rank field holds 3 bytes", n)
	}
	var recs []byte
	offs := make([]int, n)
	for r, t := range toks {
		if len(t) == 0 || len(t) > 255 {
			return nil, 0, fmt.Errorf("rank %d: token of %d bytes", r, len(t))
		}
		offs[r] = len(recs)
		recs = append(recs, byte(len(t)))
		recs = append(recs, t...)
		recs = append(recs, byte(r), byte(r>>8), byte(r>>16))
	}
	if len(recs) >= 1<<32-1 {
		return nil, 0, errors.New("records too large")
	}
	size := 1 << bits.Len(uint(2*n-1)) // a power of two, at most half full
	slots := make([]uint32, size)
	mask := uint64(size - 1)
	total := 0
	for r, t := range toks {
		i := vtable.Hash(t) & mask
		total++
		for slots[i] != 0 {
			i = (i + 1) & mask
			total++
		}
		slots[i] = uint32(offs[r] + 1)
	}
	out := []byte(vtable.Magic)
	out = binary.LittleEndian.AppendUint32(out, uint32(n))
	out = binary.LittleEndian.AppendUint32(out, uint32(size))
	out = binary.LittleEndian.AppendUint32(out, uint32(len(recs)))
	for _, s := range slots {
		out = binary.LittleEndian.AppendUint32(out, s)
	}
	out = append(out, recs...)
	return out, float64(total) / float64(n), nil
}
