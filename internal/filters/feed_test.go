package filters

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

// A LineReader made on a LineFeed gives EachClean the fed lines in order,
// in batches of any size, then the sender's error and its counts of cut
// lines, as a LineReader on the bytes would have.
func TestLineFeedGivesTheSendersLines(t *testing.T) {
	data := []byte("one\n\x1b[31mtwo\x1b[0m\n" + strings.Repeat("x", 100) + "\nfour")
	src := NewLineReader(bytes.NewReader(data))
	src.Max = 40
	var want []string
	if err := src.EachClean(func(l string) { want = append(want, l) }); err != nil {
		t.Fatal(err)
	}
	feed := NewLineFeed(1)
	go func() {
		sent := NewLineReader(bytes.NewReader(data))
		sent.Max = 40
		var batch []string
		for {
			raw, cut, err := sent.Next()
			if err != nil {
				break
			}
			l := CleanBytes(raw)
			if cut {
				l += CutMark
			}
			batch = append(batch, l)
			if len(batch) == 2 {
				feed.Send(batch)
				batch = nil
			}
		}
		feed.Send(batch)
		feed.Close(nil, sent.CutLines, sent.CutBytes)
	}()
	lr := NewLineReader(feed)
	var got []string
	if err := lr.EachClean(func(l string) { got = append(got, l) }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fed lines %q, want %q", got, want)
	}
	if lr.CutLines != src.CutLines || lr.CutBytes != src.CutBytes || lr.CutLines != 1 {
		t.Errorf("cut %d lines, %d bytes; want %d, %d", lr.CutLines, lr.CutBytes, src.CutLines, src.CutBytes)
	}
}

// The sender's error reaches the reader after the lines before it.
func TestLineFeedError(t *testing.T) {
	feed := NewLineFeed(2)
	broken := errors.New("the disk went away")
	feed.Send([]string{"a", "b"})
	feed.Close(broken, 0, 0)
	var got []string
	err := NewLineReader(feed).EachClean(func(l string) { got = append(got, l) })
	if !errors.Is(err, broken) || len(got) != 2 {
		t.Fatalf("lines %q, error %v", got, err)
	}
}

// A feed's bytes cannot be read: it carries lines, and a parser that reads
// bytes gets an error, not an empty input.
func TestLineFeedIsNoByteStream(t *testing.T) {
	lr := NewLineReader(NewLineFeed(1))
	if _, _, err := lr.Next(); !errors.Is(err, ErrFedLines) {
		t.Fatalf("Next on a feed: %v", err)
	}
}

// Once the reader has quit, the sender is never held up.
func TestLineFeedReaderQuits(t *testing.T) {
	feed := NewLineFeed(1)
	feed.Quit()
	done := make(chan struct{})
	go func() {
		for range 100 {
			feed.Send([]string{"line"})
		}
		feed.Close(nil, 0, 0)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the sender waits on a reader that quit")
	}
}
