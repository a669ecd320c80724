package profiles

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"runtime/metrics"
	"sync/atomic"
	"time"

	"github.com/itchyny/gojq"
)

// The budget of one run of a profile's jq program. A profile is data, and a
// user's profile may hold a program that never ends (def f: f; f) or that
// builds a value without end ([repeat(1)]); gojq sets no limit of its own.
// So each run counts its steps, watches the clock and measures what it
// yields, each against a bound in proportion to the input: a base that no
// built-in program comes near on any captured document
// (TestJQBudgetHeadroom measures it), plus so much per byte of input.
const (
	// jqBaseSteps is the steps (gojq instructions) any input is allowed.
	jqBaseSteps = 1 << 22
	// jqStepsPerByte is added per byte of input beyond that.
	jqStepsPerByte = 16
	// jqTimePerMiB bounds the time of a run with jqBaseTime.
	jqTimePerMiB = time.Second
	// jqBaseOutput and jqOutputPerByte bound the size of one output value
	// (in bytes of its JSON, roughly).
	jqBaseOutput    = 1 << 20
	jqOutputPerByte = 4
	// jqAllocPerByte is added to jqBaseAlloc per byte of input.
	jqAllocPerByte = 64
	// jqCheckEvery is how many steps go by between checks of the bounds.
	jqCheckEvery = 1 << 10
	// jqWatchEvery is how often the memory a run allocated is looked at,
	// from jqWatchAfter steps on: most runs (a detect.json) end before,
	// and start no goroutine; a string doubled at each step is still
	// small by then.
	jqWatchEvery = time.Millisecond
	jqWatchAfter = 64
)

// jqBaseTime bounds the time of a run with jqTimePerMiB, where a step is
// slow (sorting or copying a large value). (A variable for the test of the
// bound on steps, which a loaded machine under -race could otherwise stop
// by time first.)
var jqBaseTime = 2 * time.Second

// jqBaseAlloc bounds the memory a run allocates, with jqAllocPerByte: a
// program that doubles a string at each step is over any bound in a few
// dozen steps. (A variable for the test that reaches it at less cost.)
var jqBaseAlloc uint64 = 64 << 20

// jqBudgetError says why a run of a profile's jq program was stopped.
type jqBudgetError struct{ why string }

func (e *jqBudgetError) Error() string { return "stopped: " + e.why }

// IsJQBudget reports whether err is (or wraps) a jq run stopped for going
// over its budget.
func IsJQBudget(err error) bool {
	var b *jqBudgetError
	return errors.As(err, &b)
}

// jqBudget is the context one jq run is given. gojq asks its context's Done
// at every instruction it executes: counting those calls counts the steps,
// with no change to gojq and no goroutine. A budget is used by one run, on
// the run's goroutine.
type jqBudget struct {
	input    any
	inSize   int // bytes of input, measured the first time a base bound is reached
	sized    bool
	steps    int64
	maxSteps int64
	start    time.Time
	maxTime  time.Duration
	done     chan struct{}
	err      *jqBudgetError

	// The memory bound is watched from a goroutine of its own (see
	// watch), since one step can allocate without limit: it sets memOver
	// when the run has allocated more than maxAlloc, and Done looks.
	allocStart uint64
	maxAlloc   atomic.Uint64
	memOver    atomic.Bool
	unwatch    func()
}

func newJQBudget(input any) *jqBudget {
	b := &jqBudget{input: input, maxSteps: jqBaseSteps, start: time.Now(), maxTime: jqBaseTime,
		done: make(chan struct{})}
	b.maxAlloc.Store(jqBaseAlloc)
	return b
}

// allocSample reads the bytes allocated on the heap since the process
// started.
func allocSample() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// end stops watching the run's memory.
func (b *jqBudget) end() {
	if b.unwatch != nil {
		b.unwatch()
	}
}

// watch starts watching the memory the run allocates, until stop is
// called. It counts what the whole process allocates meanwhile, which while
// jq runs is jq's work.
func (b *jqBudget) watch() (stop func()) {
	b.allocStart = allocSample()
	quit := make(chan struct{})
	go func() {
		t := time.NewTicker(jqWatchEvery)
		defer t.Stop()
		for {
			select {
			case <-quit:
				return
			case <-t.C:
				if allocSample()-b.allocStart > b.maxAlloc.Load() {
					b.memOver.Store(true)
				}
			}
		}
	}()
	return func() { close(quit) }
}

// Deadline, Done, Err and Value make the budget a context.Context.
func (b *jqBudget) Deadline() (time.Time, bool) { return b.start.Add(b.maxTime), true }

func (b *jqBudget) Done() <-chan struct{} {
	b.steps++
	if b.steps == jqWatchAfter {
		b.unwatch = b.watch()
	}
	if b.err == nil && (b.steps%jqCheckEvery == 0 || b.memOver.Load()) {
		b.check()
	}
	return b.done
}

func (b *jqBudget) Err() error {
	if b.err == nil {
		return nil
	}
	return b.err
}

func (b *jqBudget) Value(any) any { return nil }

// check stops the run when it is over a bound. The input is measured only
// when a base bound is reached, which a run on an ordinary document never
// does.
func (b *jqBudget) check() {
	over := b.steps > b.maxSteps
	late := time.Since(b.start) > b.maxTime
	fat := b.memOver.Load()
	if (over || late || fat) && !b.sized {
		b.size()
		over = b.steps > b.maxSteps
		late = time.Since(b.start) > b.maxTime
		fat = allocSample()-b.allocStart > b.maxAlloc.Load()
		b.memOver.Store(fat)
	}
	switch {
	case over:
		b.stop(fmt.Sprintf("more than %d steps", b.maxSteps))
	case late:
		b.stop(fmt.Sprintf("more than %v", b.maxTime))
	case fat:
		b.stop(fmt.Sprintf("more than %d MiB allocated", b.maxAlloc.Load()>>20))
	}
}

// size measures the input and raises the bounds in proportion to it.
func (b *jqBudget) size() {
	b.sized = true
	b.inSize = valueSize(b.input, -1)
	b.maxSteps = jqBaseSteps + jqStepsPerByte*int64(b.inSize)
	b.maxTime = jqBaseTime + time.Duration(float64(jqTimePerMiB)*float64(b.inSize)/(1<<20))
	b.maxAlloc.Store(jqBaseAlloc + jqAllocPerByte*uint64(b.inSize))
}

func (b *jqBudget) stop(why string) {
	b.err = &jqBudgetError{why: why}
	close(b.done)
}

// outputOK reports whether output v is within the size bound, and stops
// the run if not.
func (b *jqBudget) outputOK(v any) bool {
	limit := jqBaseOutput
	if b.sized {
		limit += jqOutputPerByte * b.inSize
	}
	if valueSize(v, limit) <= limit {
		return true
	}
	if !b.sized {
		b.size()
		limit = jqBaseOutput + jqOutputPerByte*b.inSize
		if valueSize(v, limit) <= limit {
			return true
		}
	}
	b.stop(fmt.Sprintf("an output of more than %d bytes", limit))
	return false
}

// runJQ runs a profile's jq program over the plain value v within a budget,
// and returns its first max outputs. An error output ends the run with that
// error; going over the budget ends it with an error IsJQBudget knows.
func runJQ(code *gojq.Code, v any, max int) ([]any, error) {
	b := newJQBudget(v)
	defer b.end()
	it := code.RunWithContext(b, v)
	var out []any
	for len(out) < max {
		r, ok := it.Next()
		if !ok {
			break
		}
		if err, isErr := r.(error); isErr {
			if b.err != nil {
				return out, b.err
			}
			var halt *gojq.HaltError
			if errors.As(err, &halt) && halt.Value() == nil {
				break
			}
			return out, err
		}
		if !b.outputOK(r) {
			return out, b.err
		}
		out = append(out, r)
	}
	return out, nil
}

// firstJQ is the first output of a budgeted run (nil when there is none).
func firstJQ(code *gojq.Code, v any) (any, error) {
	out, err := runJQ(code, v, 1)
	if err != nil || len(out) == 0 {
		return nil, err
	}
	return out[0], nil
}

// valueSize is about the size in bytes of plain value v as JSON. It stops
// counting once past limit (when limit is not negative).
func valueSize(v any, limit int) int {
	n := 0
	var walk func(v any) bool
	walk = func(v any) bool {
		switch t := v.(type) {
		case string:
			n += len(t) + 2
		case map[string]any:
			n += 2
			for k, e := range t {
				n += len(k) + 4
				if !walk(e) {
					return false
				}
			}
		case []any:
			n += 2
			for _, e := range t {
				n++
				if !walk(e) {
					return false
				}
			}
		case json.Number:
			n += len(t)
		case *big.Int:
			n += len(t.String())
		default:
			n += 8 // numbers, booleans, null
		}
		return limit < 0 || n <= limit
	}
	walk(v)
	return n
}
