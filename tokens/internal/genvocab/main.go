// Command genvocab writes the BPE vocabularies terse embeds, o200k_base.tkv
// and cl100k_base.tkv, into the current directory (go generate in
// tokens/). It reads them from github.com/tiktoken-go/tokenizer, which
// embeds OpenAI's published rank files, so no network is needed.
//
// Format: "TKV1", the number of ranks as a uvarint, then for each rank in
// order its token's length as a uvarint (0 for a rank with no token) and
// its bytes.
package main

import (
	"encoding/binary"
	"fmt"
	"os"

	"github.com/tiktoken-go/tokenizer"
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
	out := []byte("TKV1")
	out = binary.AppendUvarint(out, uint64(len(toks)))
	for _, t := range toks {
		out = binary.AppendUvarint(out, uint64(len(t)))
		out = append(out, t...)
	}
	name := string(enc) + ".tkv"
	if err := os.WriteFile(name, out, 0o644); err != nil {
		return err
	}
	fmt.Printf("%s: %d ranks, %d bytes\n", name, len(toks), len(out))
	return nil
}
