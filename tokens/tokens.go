// Package tokens counts the tokens a language model reads for a text, with
// OpenAI's BPE vocabularies (o200k_base by default, cl100k_base selectable),
// embedded in the binary so counting works offline.
//
// Counting is exact: the pre-split and the byte-pair merge are implemented
// here and checked against a reference tokenizer (tests and fuzzing). A
// vocabulary is a hash table laid out at build time and used where it is
// embedded: nothing loads, and a count touches only the pages it reads.
// Where a count would cost too much (the raw side of a huge input), Counter
// counts a prefix exactly and extrapolates the rest, and says so; Estimate
// is the labelled guess for when nothing can be counted at all.
package tokens

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unicode/utf8"
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

// encoder is one encoding: its vocabulary, loaded on first use, and a pool
// of working memory.
type encoder struct {
	once  sync.Once
	warm  sync.Once
	data  *string
	o200k bool
	vocab *vocab
	err   error
	pool  sync.Pool
}

var encoders = map[string]*encoder{
	O200k:  {data: &o200kData, o200k: true},
	Cl100k: {data: &cl100kData},
}

// worker is the memory one count uses.
type worker struct {
	split splitter
	sc    scratch
	cache pieceCache
	// each, when set, is given every piece counted, in order (the tests
	// compare them with the splitter's).
	each func(piece []byte)
}

// newWorker returns a worker whose piece cache has been written once. The
// runtime hands a worker this large memory the kernel has not mapped yet,
// and a count's first touch of each page of the cache is a look-up, a
// read: the kernel maps its shared zero page there, and the first store to
// the page then faults again to replace it, flushing the page from the
// other core's TLB by an interrupt (perf's exceptions:page_fault_user on
// 100 MB of vitest: 35 of the 261 write faults on read-only pages were the
// cache's). On a virtual machine whose other core the host has paused,
// that interrupt waits for it. Written first, each page faults once.
func newWorker(o200k bool) *worker {
	w := &worker{split: splitter{o200k: o200k}}
	clear(w.cache.ents[:])
	return w
}

// Check returns an error naming the choices if encoding is not known. An
// empty name means Default.
func Check(encoding string) error {
	if encoding == "" {
		return nil
	}
	if _, ok := encoders[encoding]; !ok {
		return fmt.Errorf("%w %q: use %s or %s", ErrUnknownEncoding, encoding, O200k, Cl100k)
	}
	return nil
}

func get(encoding string) (*encoder, error) {
	if encoding == "" {
		encoding = Default
	}
	e, ok := encoders[encoding]
	if !ok {
		return nil, Check(encoding)
	}
	e.once.Do(func() {
		e.vocab, e.err = loadVocab(*e.data)
		if e.err != nil {
			e.err = fmt.Errorf("loading %s: %w", encoding, e.err)
		}
		o200k := e.o200k
		e.pool.New = func() any { return newWorker(o200k) }
	})
	return e, e.err
}

// Warm maps encoding's vocabulary into memory in the background, so that a
// count that comes later (a filter reading a run as it happens counts at
// its end) does not pay a page fault per page of the table it reads: the
// table is used where it is embedded, and its pages are only mapped on
// first touch, at a cost that outweighs the count itself on small inputs.
func Warm(encoding string) {
	e, err := get(encoding)
	if err != nil {
		return
	}
	e.warm.Do(func() {
		go func() {
			data := *e.data
			sum := byte(0)
			for i := 0; i < len(data); i += pageSize {
				sum += data[i]
			}
			warmSink.Store(uint32(sum))
		}()
	})
}

// pageSize is the stride of Warm: the smallest page size of the platforms
// terse runs on.
const pageSize = 4096

// warmSink keeps Warm's reads from being optimised away.
var warmSink atomic.Uint32

// Count returns the exact number of tokens of b in encoding ("" for
// Default). Each byte of invalid UTF-8 is counted as U+FFFD, as the model
// sees it after replacement. Count holds b whole; for a stream, or input of
// unknown size, use a Counter.
func Count(encoding string, b []byte) (int, error) {
	if len(b) == 0 {
		// An empty text is zero tokens: no need to load a vocabulary.
		return 0, Check(encoding)
	}
	e, err := get(encoding)
	if err != nil {
		return 0, err
	}
	w := e.pool.Get().(*worker)
	defer e.pool.Put(w)
	// Count in segments, so that working memory (9 bytes a character)
	// stays bounded whatever the input. Segments end at boundaries no
	// piece crosses (see cut), so the sum is the count of the whole.
	total := 0
	for len(b) > 0 {
		n, _ := cut(b, segmentSize)
		total += e.countSegment(b[:n], w)
		b = b[n:]
	}
	return total, nil
}

// countSegment counts b, which ends at a boundary, by the fast path
// (fast.go).
func (e *encoder) countSegment(b []byte, w *worker) int {
	return e.countText(b, w)
}

// fix encodes runes as UTF-8, so that an invalid byte (read as U+FFFD)
// becomes the three bytes of U+FFFD, as the model sees it.
func (w *worker) fix(runes []rune) []byte {
	b := w.sc.fixed[:0]
	for _, r := range runes {
		b = utf8.AppendRune(b, r)
	}
	w.sc.fixed = b
	return b
}

// bytesPerToken is the ratio Estimate divides by. Measured with o200k_base
// on the plain-text jest captures in testdata: 3.1 to 4.0 bytes a token
// (mixed.txt: 12,351 bytes, 3,491 tokens, 3.54). Coloured output has far
// fewer (1.7 for mixed.color.txt: escape sequences are many short tokens),
// which no ratio can know: hence Counter counts, and extrapolates only from
// a counted part of the same stream.
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
