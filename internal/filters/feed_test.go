package filters

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"
)

// feedOf sends the lines of data, cleaned and cut at max as a LineReader
// on data reads them, to a new feed, two lines a batch.
func feedOf(data []byte, max int) *LineFeed {
	feed := NewLineFeed(1)
	go func() {
		sent := NewLineReader(bytes.NewReader(data))
		sent.Max = max
		var lines []string
		var cuts []bool
		for {
			raw, cut, err := sent.Next()
			if err != nil {
				break
			}
			l := CleanBytes(raw)
			if cut {
				l += CutMark
			}
			lines, cuts = append(lines, l), append(cuts, cut)
			if len(lines) == 2 {
				feed.Send(lines, cuts)
				lines, cuts = nil, nil
			}
		}
		feed.Send(lines, cuts)
		feed.Close(nil, sent.CutLines, sent.CutBytes)
	}()
	return feed
}

var feedInput = []byte("one\n\x1b[31mtwo\x1b[0m\n" + strings.Repeat("x", 100) + "\n\nfive\r\nsix")

// A LineReader made on a LineFeed gives EachClean the fed lines in order,
// in batches of any size, then the sender's counts of cut lines, as a
// LineReader on the bytes would have.
func TestLineFeedGivesTheSendersLines(t *testing.T) {
	src := NewLineReader(bytes.NewReader(feedInput))
	src.Max = 40
	var want []string
	if err := src.EachClean(func(l string) { want = append(want, l) }); err != nil {
		t.Fatal(err)
	}
	lr := NewLineReader(feedOf(feedInput, 40))
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

// Next on a feed gives each line clean, without the cut mark, with its cut
// flag, then io.EOF (again if asked again), and the counts once: what Next
// on the bytes gives, cleaned.
func TestLineFeedNext(t *testing.T) {
	type line struct {
		text string
		cut  bool
	}
	read := func(lr *LineReader) []line {
		var ls []line
		for {
			raw, cut, err := lr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			ls = append(ls, line{CleanBytes(raw), cut})
		}
		if _, _, err := lr.Next(); !errors.Is(err, io.EOF) {
			t.Fatalf("Next after the end: %v", err)
		}
		return ls
	}
	src := NewLineReader(bytes.NewReader(feedInput))
	src.Max = 40
	want := read(src)
	lr := NewLineReader(feedOf(feedInput, 40))
	got := read(lr)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("fed lines %+v, want %+v", got, want)
	}
	if lr.CutLines != src.CutLines || lr.CutBytes != src.CutBytes || lr.CutLines != 1 {
		t.Errorf("cut %d lines, %d bytes; want %d, %d", lr.CutLines, lr.CutBytes, src.CutLines, src.CutBytes)
	}
}

// The sender's error reaches the reader after the lines before it.
func TestLineFeedError(t *testing.T) {
	feed := NewLineFeed(2)
	broken := errors.New("the disk went away")
	feed.Send([]string{"a", "b"}, []bool{false, false})
	feed.Close(broken, 0, 0)
	var got []string
	err := NewLineReader(feed).EachClean(func(l string) { got = append(got, l) })
	if !errors.Is(err, broken) || len(got) != 2 {
		t.Fatalf("lines %q, error %v", got, err)
	}
}

// A feed's bytes cannot be read: it carries lines, and a reader that
// reads bytes gets an error, not an empty input.
func TestLineFeedIsNoByteStream(t *testing.T) {
	if _, err := NewLineFeed(1).Read(make([]byte, 10)); !errors.Is(err, ErrFedLines) {
		t.Fatalf("Read on a feed: %v", err)
	}
}

// Once the reader has quit, the sender is never held up.
func TestLineFeedReaderQuits(t *testing.T) {
	feed := NewLineFeed(1)
	feed.Quit()
	done := make(chan struct{})
	go func() {
		for range 100 {
			feed.Send([]string{"line"}, []bool{false})
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
