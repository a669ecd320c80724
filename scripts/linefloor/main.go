// Command linefloor is a floor for the benchmark suite that moves memory as
// terse does: it reads stdin, cuts it into lines, hands batches of line
// records to two workers over channels (as terse's reader hands batches to
// its matchers), where each line is hashed into a table of a few MB, and
// takes the batches back in order, as terse's parser does. It shapes
// nothing, so its time is what a line pipeline of terse's kind costs on
// this machine at this moment: when a neighbour loads the caches or the
// memory bus, it slows with terse, where cat and md5sum, which barely
// touch memory, do not (scripts/bench.sh).
//
// It prints the lines it read and a checksum of their hashes, so that the
// work cannot be left out.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// record is one line as the pipeline holds it, about as large as terse's own
// line record (64 bytes, where terse's takes 72), so that the batches weigh
// about the same.
type record struct {
	line string
	hash uint64
	// The room of the rest of terse's record (its rule, groups, indent,
	// block guesses), which nothing here reads.
	_ [40]byte
}

// batch is a batch of lines, and closed once a worker has hashed them.
type batch struct {
	recs []record
	done chan struct{}
}

const (
	batchLines = 2048
	depth      = 4
	workers    = 2
	// tableSize is the entries of the workers' tables (4 bytes each: 16
	// MB in all). Of tables of 1, 4 and 16 MB, this one's times followed terse's
	// best through the host's slow spells (a correlation of 0.78 over 40
	// rounds, where md5sum x2's was 0.36).
	tableSize = 4 << 20
)

func main() {
	lines, sum, err := run(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "linefloor:", err)
		os.Exit(1)
	}
	fmt.Printf("%d lines, checksum %x\n", lines, sum)
}

// run reads in through the pipeline and returns its line count and
// checksum.
func run(in io.Reader) (int, uint64, error) {
	out := make(chan *batch, 2*depth)
	todo := make(chan *batch, depth)
	free := make(chan *batch, 2*depth+workers+2)
	for range workers {
		go func() {
			// A table of each worker's own: the counts stand for the
			// memory traffic of terse's heap, and nothing reads them.
			table := make([]uint32, tableSize/workers)
			for b := range todo {
				for i := range b.recs {
					r := &b.recs[i]
					r.hash = fnv(r.line)
					table[r.hash%uint64(len(table))]++
				}
				close(b.done)
			}
		}()
	}
	readErr := make(chan error, 1)
	go func() {
		defer close(todo)
		defer close(out)
		br := bufio.NewReaderSize(in, 64<<10)
		b := newBatch(free)
		var long []byte // the start of a line longer than the buffer
		for {
			raw, err := br.ReadSlice('\n')
			if err == bufio.ErrBufferFull {
				long = append(long, raw...)
				continue
			}
			if long != nil {
				raw, long = append(long, raw...), nil
			}
			if len(raw) > 0 {
				// A copy, as terse's reader keeps its lines in its
				// batch's text.
				b.recs = append(b.recs, record{line: string(raw)})
			}
			if err != nil || len(b.recs) == batchLines {
				out <- b
				todo <- b
				b = newBatch(free)
			}
			if err != nil {
				if err != io.EOF {
					readErr <- err
				}
				close(readErr)
				return
			}
		}
	}()
	lines, sum := 0, uint64(0)
	for b := range out {
		<-b.done
		for i := range b.recs {
			sum += b.recs[i].hash
		}
		lines += len(b.recs)
		select {
		case free <- b:
		default:
		}
	}
	return lines, sum, <-readErr
}

// newBatch is an empty batch, a recycled one when one is free.
func newBatch(free chan *batch) *batch {
	select {
	case b := <-free:
		clear(b.recs)
		b.recs, b.done = b.recs[:0], make(chan struct{})
		return b
	default:
		return &batch{recs: make([]record, 0, batchLines), done: make(chan struct{})}
	}
}

// fnv is the 64-bit FNV-1a hash of s.
func fnv(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
