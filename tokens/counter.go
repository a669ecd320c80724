package tokens

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// DefaultExactLimit is how many bytes a Counter counts exactly before it
// extrapolates. Counting runs at 150-200 MB/s on one core (BenchmarkCount*,
// BENCHMARKS.md), in parallel with shaping on the other, so 16 MiB costs
// about a tenth of a second; test output is nearly always smaller and so
// counted exactly. Beyond the limit a count would slow down the run it
// measures; the rest is extrapolated, and labelled.
const DefaultExactLimit = 16 << 20

// maxPending bounds the bytes a Counter holds while it looks for a boundary
// to cut at. Past it (a single line of megabytes with no space between two
// letters) the Counter cuts anyway, and the count is no longer exact.
const maxPending = 4 * segmentSize

// Tally is the result of counting a stream.
type Tally struct {
	// Encoding is the encoding counted with.
	Encoding string `json:"encoding"`
	// Bytes is the size of the whole stream.
	Bytes int64 `json:"bytes"`
	// Tokens is the count: exact when Exact, else extrapolated.
	Tokens int64 `json:"tokens"`
	// Exact is false when Tokens is partly estimated.
	Exact bool `json:"exact"`
	// Counted is how many bytes were counted exactly.
	Counted int64 `json:"counted"`
}

// String renders the count, labelled when it is not exact:
// "3,491" or "~28,312,100 (est.: first 16 MiB counted, the rest extrapolated)".
func (t Tally) String() string {
	if t.Exact {
		return Group(t.Tokens)
	}
	return "~" + Group(t.Tokens) + " (" + t.Label() + ")"
}

// Label says what an inexact count rests on; it is empty for an exact one.
func (t Tally) Label() string {
	switch {
	case t.Exact:
		return ""
	case t.Counted == 0:
		return "est.: bytes/" + strconv.FormatFloat(bytesPerToken, 'f', -1, 64)
	case t.Counted >= t.Bytes:
		return "a line over " + Size(maxPending) + " was cut where a token may cross"
	}
	return fmt.Sprintf("est.: first %s counted, the rest extrapolated", Size(t.Counted))
}

// Counter counts the tokens of a stream written to it, without holding it:
// an io.Writer for a tee. It counts in a goroutine of its own, so counting
// overlaps with whatever reads the stream, exactly up to its limit and by
// extrapolation beyond (the tokens per byte of the counted part times the
// rest). Write never fails; Close returns the tally.
type Counter struct {
	enc     string
	limit   int64
	pending []byte
	total   int64 // bytes written
	queued  int64 // bytes handed to the worker
	inexact bool  // a cut was forced where a token may cross
	cold    bool  // NoWarm: the first write does not map the vocabulary
	work    chan []byte
	free    chan []byte // segments counted, their buffers for reuse
	wg      sync.WaitGroup
	err     error // set before counting starts: an unknown encoding
	// Written by the worker, read after wg.Wait.
	tokens int64
	werr   error
}

// NewCounter returns a Counter for encoding ("" for Default) that counts
// the first limit bytes exactly (limit <= 0 means DefaultExactLimit).
func NewCounter(encoding string, limit int64) *Counter {
	if encoding == "" {
		encoding = Default
	}
	if limit <= 0 {
		limit = DefaultExactLimit
	}
	c := &Counter{enc: encoding, limit: limit, err: Check(encoding)}
	return c
}

// NoWarm keeps c's first write from mapping the vocabulary ahead of the
// count (Warm). Warming pays off for a stream that arrives over time, read
// as a command runs; a stream written at once and counted at its end (a
// shaped report) gains nothing from it, and when the count is then not
// taken at all (terse records nothing of a run that printed nothing) the
// pages of the whole vocabulary were mapped for nothing.
func (c *Counter) NoWarm() { c.cold = true }

// queueSegments bounds the segments handed to the worker and not yet
// counted. Counting is slower than most shaping (about 100 MB/s against
// 150-250), so with a short queue the reader of a tee waited on the counter
// for most of the exact part (a third of a second of a 100 MB jest run). At
// 128 segments of 64 KiB the queue holds up to 8 MiB, about what the
// counter falls behind over DefaultExactLimit when it has a core of its own,
// so the reader seldom waits; the memory is held only while the worker is
// behind.
const queueSegments = 128

// Write counts p. It never returns an error, so a failure to count never
// disturbs the stream it watches; Close reports it.
func (c *Counter) Write(p []byte) (int, error) {
	n := len(p)
	if c.total == 0 && n > 0 && c.err == nil && !c.cold {
		// Input has begun: map the vocabulary while the rest arrives.
		// An empty stream never touches it.
		Warm(c.enc)
	}
	c.total += int64(n)
	room := c.limit - c.queued - int64(len(c.pending))
	if c.err != nil || room <= 0 {
		return n, nil
	}
	if int64(len(p)) > room {
		p = p[:room]
	}
	c.pending = append(c.pending, p...)
	// More than a segment: cut needs the byte after the limit to see
	// whether the limit is a boundary (at exactly segmentSize, the end of
	// what has arrived is not one, unless the stream ends there).
	for len(c.pending) > segmentSize {
		k, found := cut(c.pending, segmentSize)
		if !found {
			if len(c.pending) < maxPending {
				break
			}
			k, c.inexact = segmentSize, true
		}
		// The segment gets a buffer of its own, one the worker is done
		// with when there is one, and pending is reused.
		c.send(append(c.buffer(k), c.pending[:k]...))
		c.pending = c.pending[:copy(c.pending, c.pending[k:])]
	}
	return n, nil
}

// buffer is an empty buffer for a segment of k bytes: one the worker has
// counted, else a new one. A new buffer for each segment made 16 MiB of
// garbage of a large input, and the collections it brought on: of 100 MB,
// `-p vitest` collected 13 times instead of 15, `-p mocha` 7 instead of 8,
// `-p jest` 15 instead of 17 (GODEBUG=gctrace=1).
func (c *Counter) buffer(k int) []byte {
	select {
	case b := <-c.free:
		if cap(b) >= k {
			return b[:0]
		}
	default:
	}
	return make([]byte, 0, max(k, segmentSize))
}

// freeSegments bounds the buffers kept for reuse (512 KiB): a worker
// that keeps up needs a few; one that fell behind by the whole queue
// (queueSegments) leaves the rest to the collector, so that the memory the
// queue took is not held for the rest of a run.
const freeSegments = 8

func (c *Counter) send(seg []byte) {
	if c.work == nil {
		c.work = make(chan []byte, queueSegments)
		c.free = make(chan []byte, freeSegments)
		c.wg.Add(1)
		go c.worker()
	}
	c.queued += int64(len(seg))
	c.work <- seg
}

func (c *Counter) worker() {
	defer c.wg.Done()
	for seg := range c.work {
		if c.werr != nil {
			continue
		}
		n, err := Count(c.enc, seg)
		select {
		case c.free <- seg:
		default:
		}
		if err != nil {
			c.werr = err
			continue
		}
		c.tokens += int64(n)
	}
}

// Close counts what is pending, waits for the count and returns it. The
// end of the stream is a boundary, so a stream within the limit is counted
// exactly; a stream beyond it is cut at the limit, which may split one token.
func (c *Counter) Close() (Tally, error) {
	if len(c.pending) > 0 && c.err == nil {
		c.send(c.pending)
		c.pending = nil
	}
	if c.work != nil {
		close(c.work)
		c.wg.Wait()
		c.work = nil
	}
	t := Tally{Encoding: c.enc, Bytes: c.total, Tokens: c.tokens, Counted: c.queued, Exact: !c.inexact}
	if err := errors.Join(c.err, c.werr); err != nil {
		return Tally{Encoding: c.enc, Bytes: c.total, Tokens: Estimate(c.total)}, err
	}
	if c.total > c.queued {
		// The rest, at the tokens per byte of the counted part. The cut at
		// the limit may split one token too.
		t.Exact = false
		if c.queued > 0 {
			t.Tokens = int64(float64(c.tokens) / float64(c.queued) * float64(c.total))
		} else {
			t.Tokens = Estimate(c.total)
		}
	}
	return t, nil
}

// Group writes n with thousands separators: 28312100 -> "28,312,100".
func Group(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	out := make([]byte, 0, len(s)+len(s)/3+1)
	if neg {
		out = append(out, '-')
	}
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

// Size renders a byte count for people: "512 B", "3.2 KiB", "4 MiB".
func Size(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB"}
	f, u := float64(n), 0
	for f >= 1024 && u < len(units)-1 {
		f /= 1024
		u++
	}
	if u == 0 {
		return strconv.FormatInt(n, 10) + " B"
	}
	s := strconv.FormatFloat(f, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	return s + " " + units[u]
}
