package profiles

import (
	"io"
	"sync"

	"github.com/terse-dev/terse/internal/filters"

	"github.com/terse-dev/terse/report"
)

// aheadChunks bounds what the scan may run ahead of the shaping that runs
// beside it: so many chunks of at most one read each (64 KiB), whatever
// the size of the input.
const aheadChunks = 16

// ahead is shaping run in a goroutine on a copy of a stream that another
// goroutine reads: the scan writes each chunk it reads to pipe, or hands
// its cleaned lines to a feed, and finish ends the stream and waits for
// the report.
type ahead struct {
	pipe *chunkPipe // nil when fed
	done chan struct{}
	r    *report.Report
	err  error
	// panicked is a panic of the shaper's, raised again by finish.
	panicked *filters.Panicked
}

// startShaping shapes, in a goroutine, what is written to the returned
// ahead's pipe, with profile p.
func startShaping(p *Profile, opt Options) *ahead {
	a := &ahead{pipe: newChunkPipe(aheadChunks), done: make(chan struct{})}
	go func() {
		defer close(a.done)
		// The reader quits whatever happens, so that the writer never
		// waits on a shaper that has stopped reading.
		defer a.pipe.quit()
		defer filters.Catch(&a.panicked)
		a.r, a.err = ShapeText(p, a.pipe, opt)
	}()
	return a
}

// startShapingFed shapes, in a goroutine, the lines handed to feed, with
// profile p, whose parser reads its lines through EachClean (fedParsers).
func startShapingFed(p *Profile, feed *filters.LineFeed, opt Options) *ahead {
	a := &ahead{done: make(chan struct{})}
	go func() {
		defer close(a.done)
		// As with the pipe: the sender never waits on a shaper that
		// has stopped reading.
		defer feed.Quit()
		defer filters.Catch(&a.panicked)
		a.r, a.err = ShapeText(p, feed, opt)
	}()
	return a
}

// finish ends the stream (with err when the writer failed: the shaper
// stops with it) and returns what the shaping produced, once it is done.
// A fed shaper's stream is ended by the feed's sender.
func (a *ahead) finish(err error) (*report.Report, error) {
	if a.pipe != nil {
		a.pipe.closeWrite(err)
	}
	<-a.done
	// A parser's panic is raised on the caller's goroutine, where terse
	// recovers it and passes its input on unchanged.
	filters.Rethrow(a.panicked)
	return a.r, a.err
}

// chunkPipe carries a stream from one goroutine to another in copied
// chunks, a bounded number of them in flight. Unlike io.Pipe, the writer
// goes on while the reader works on earlier chunks; unlike a pipe, a
// reader that quits does not fail the writer, which has other uses for
// the stream (the scan, the spool): its writes are dropped.
type chunkPipe struct {
	ch    chan []byte
	free  chan []byte
	quitc chan struct{}
	once  sync.Once
	err   error // what the reader gets after the last chunk; set before ch closes
	cur   []byte
	buf   []byte // cur's whole buffer, to hand back to free
}

func newChunkPipe(n int) *chunkPipe {
	return &chunkPipe{ch: make(chan []byte, n), free: make(chan []byte, n+1), quitc: make(chan struct{})}
}

// Write copies p into a chunk for the reader, waiting while the pipe holds
// its bound. It never fails: once the reader has quit, p is dropped.
func (c *chunkPipe) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	var b []byte
	select {
	case b = <-c.free:
	default:
	}
	b = append(b[:0], p...)
	select {
	case c.ch <- b:
	case <-c.quitc:
	}
	return len(p), nil
}

// closeWrite ends the stream: the reader gets err after the last chunk,
// io.EOF when err is nil.
func (c *chunkPipe) closeWrite(err error) {
	if err == nil {
		err = io.EOF
	}
	c.err = err
	close(c.ch)
}

// Read returns the bytes of the chunks in order, then the error closeWrite
// was given.
func (c *chunkPipe) Read(p []byte) (int, error) {
	for len(c.cur) == 0 {
		if c.buf != nil {
			select {
			case c.free <- c.buf:
			default:
			}
			c.buf = nil
		}
		b, ok := <-c.ch
		if !ok {
			return 0, c.err
		}
		c.cur, c.buf = b, b
	}
	n := copy(p, c.cur)
	c.cur = c.cur[n:]
	return n, nil
}

// quit tells the writer the reader reads no more.
func (c *chunkPipe) quit() {
	c.once.Do(func() { close(c.quitc) })
}
