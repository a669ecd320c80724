package app

import (
	"bytes"
	"io"
	"testing"

	"github.com/terse-dev/terse/internal/runner"
	"github.com/terse-dev/terse/tokens"
)

// chunkReader hands out r's bytes n at a time, so that the two sides of a
// split run write the sink often and at once.
type chunkReader struct {
	r io.Reader
	n int
}

func (c chunkReader) Read(p []byte) (int, error) { return c.r.Read(p[:min(len(p), c.n)]) }

// TestTeeSplitCountsEveryByte: a split run's stdout (read by the shaper)
// and stderr (copied by a goroutine of its own) both go to the saved
// output and the raw token counter; every byte is counted, exactly, in the
// order the saved output holds. The counter takes one writer at a time:
// written at once from both sides, it lost counts (a jest --json run's
// tokens came out estimated, "~23k tokens") and the race detector fails
// this test.
func TestTeeSplitCountsEveryByte(t *testing.T) {
	out := bytes.Repeat([]byte(`{"numFailedTests":1,"testResults":[]}`+"\n"), 4000)
	errb := bytes.Repeat([]byte("  ● cart › computes the total with quantities\n"), 4000)
	acct := &accounting{raw: tokens.NewCounter(tokens.Default, 1<<30)}
	s := &session{split: true, p: &runner.Process{
		Output: chunkReader{bytes.NewReader(out), 61},
		Stderr: chunkReader{bytes.NewReader(errb), 47},
	}}
	s.tee(acct)
	if _, err := io.Copy(io.Discard, s.stdout); err != nil {
		t.Fatal(err)
	}
	s.wg.Wait()
	got, err := acct.rawTally()
	if err != nil {
		t.Fatal(err)
	}
	var saved bytes.Buffer
	if err := s.spooled.Replay(&saved); err != nil {
		t.Fatal(err)
	}
	s.spooled.Close()
	if want := int64(len(out) + len(errb)); got.Bytes != want || int64(saved.Len()) != want {
		t.Errorf("counted %d bytes and saved %d, want %d", got.Bytes, saved.Len(), want)
	}
	want, err := tokens.Count(tokens.Default, saved.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !got.Exact || got.Tokens != int64(want) {
		t.Errorf("raw tokens %d (exact %v), want %d, exact: the count of the saved output", got.Tokens, got.Exact, want)
	}
	if s.stderrLines != 4000 {
		t.Errorf("%d stderr lines, want 4000", s.stderrLines)
	}
}
