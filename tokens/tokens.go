// Package tokens counts the tokens a language model reads for a text, with
// OpenAI's BPE vocabularies (o200k_base by default, cl100k_base selectable),
// embedded in the binary so counting works offline.
//
// Counting is exact. A vocabulary costs tens of milliseconds and about 12 MB
// to load, so it is loaded on first use: commands that count nothing pay
// nothing. Where a count would cost too much (the raw side of a huge input),
// Counter counts a prefix exactly and extrapolates the rest, and says so;
// Estimate is the labelled guess for when nothing can be counted at all.
package tokens

import (
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/tiktoken-go/tokenizer"
)

// Encoding names.
const (
	O200k  = "o200k_base"  // GPT-4o, GPT-4.1, GPT-5, o-series
	Cl100k = "cl100k_base" // GPT-4, GPT-3.5
	// Default is the encoding used when none is named.
	Default = O200k
)

// ErrUnknownEncoding is returned for an encoding name this package does not
// know.
var ErrUnknownEncoding = errors.New("unknown token encoding")

type codec struct {
	once  sync.Once
	codec tokenizer.Codec
	err   error
	name  tokenizer.Encoding
}

var codecs = map[string]*codec{
	O200k:  {name: tokenizer.O200kBase},
	Cl100k: {name: tokenizer.Cl100kBase},
}

// Encodings lists the encoding names Count accepts.
func Encodings() []string {
	names := make([]string, 0, len(codecs))
	for n := range codecs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Check returns an error naming the choices if encoding is not known. An
// empty name means Default.
func Check(encoding string) error {
	if encoding == "" {
		return nil
	}
	if _, ok := codecs[encoding]; !ok {
		return fmt.Errorf("%w %q: use %s or %s", ErrUnknownEncoding, encoding, O200k, Cl100k)
	}
	return nil
}

func get(encoding string) (tokenizer.Codec, error) {
	if encoding == "" {
		encoding = Default
	}
	c, ok := codecs[encoding]
	if !ok {
		return nil, Check(encoding)
	}
	c.once.Do(func() {
		c.codec, c.err = tokenizer.Get(c.name)
		if c.err != nil {
			c.err = fmt.Errorf("loading %s: %w", encoding, c.err)
		}
	})
	return c.codec, c.err
}

// Preload starts loading encoding's vocabulary in the background, so that
// a caller who will count once its input has ended (a filter reading a
// test run as it happens) does not wait for the load then.
func Preload(encoding string) {
	if Check(encoding) == nil {
		go func() { _, _ = get(encoding) }() // an error comes back on first use
	}
}

// Count returns the exact number of tokens of b in encoding ("" for
// Default). Invalid UTF-8 is counted as the model would see it after
// replacement. Count holds b whole; for a stream, or input of unknown size,
// use a Counter.
func Count(encoding string, b []byte) (int, error) {
	if len(b) == 0 {
		// An empty text is zero tokens: no need to load a vocabulary.
		return 0, Check(encoding)
	}
	c, err := get(encoding)
	if err != nil {
		return 0, err
	}
	// Count in segments: the tokenizer's pre-split converts its input to
	// runes (4 bytes each), so one large input would cost four times its
	// size in memory. Segments end at boundaries no token crosses (see
	// cut), so the sum is the count of the whole.
	total := 0
	for len(b) > 0 {
		n, _ := cut(b, segmentSize)
		k, err := c.Count(string(b[:n]))
		if err != nil {
			return 0, fmt.Errorf("counting tokens: %w", err)
		}
		total += k
		b = b[n:]
	}
	return total, nil
}

// bytesPerToken is the ratio Estimate divides by. Measured with o200k_base
// on the jest captures in testdata (12,351 bytes of mixed.txt are 3,491
// tokens: 3.54 bytes a token; the verbose and coloured captures lie between
// 3.3 and 3.7). The common bytes/4 rule undercounts such output by about 12%.
const bytesPerToken = 3.5

// Estimate guesses the tokens of n bytes of developer-tool output without
// reading them. It is a guess: callers must label it as one (Tally.String
// does).
func Estimate(n int64) int64 {
	if n <= 0 {
		return 0
	}
	return int64(float64(n)/bytesPerToken + 0.5)
}
