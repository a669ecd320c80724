package app

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

func init() {
	// A parser that reads some input, then fails: terse's own bug, as far
	// as the user can tell.
	profiles.RegisterTextParser("test-panic", func(lr *filters.LineReader, b *report.Builder, opt parse.Options) error {
		for i := 0; i < 1000; i++ {
			if _, _, err := lr.Next(); err != nil {
				break
			}
		}
		panic("parser bug")
	})
}

// If terse itself fails, the raw bytes go through unchanged (those already
// read and the rest), and terse exits 1 with a one-line reason: with -p,
// where the parser runs on terse's own goroutine, and in a pipe, where it
// runs beside the scan on another (whose panic once ended the process and
// the input with it).
func TestInternalFailurePassesRawThrough(t *testing.T) {
	dir := t.TempDir()
	prof := "name: broken\ndetect:\n  min: 1\n  text: ['^BROKEN TOOL v1$']\ntext:\n  parser: test-panic\n"
	if err := os.WriteFile(filepath.Join(dir, "broken.yaml"), []byte(prof), 0o644); err != nil {
		t.Fatal(err)
	}
	// Larger than the in-memory spool, so the temp-file part is replayed too.
	var data bytes.Buffer
	data.WriteString("BROKEN TOOL v1\n")
	for data.Len() < spoolMem+(1<<20) {
		data.WriteString("line of tool output \x1b[31mwith colour\x1b[0m\n")
	}
	raw := data.Bytes()
	for _, args := range [][]string{{"terse", "-p", "broken"}, {"terse"}} {
		var out, errOut bytes.Buffer
		env := Env{Stdin: bytes.NewReader(raw), Stdout: &out, Stderr: &errOut, Getenv: func(k string) string {
			if k == "TERSE_PROFILES" {
				return dir
			}
			return ""
		}}
		code := Main(args, env)
		if code != 1 {
			t.Fatalf("%q: exit %d, want 1", args, code)
		}
		if !bytes.Equal(out.Bytes(), raw) {
			t.Fatalf("%q: output is not the raw input: %d bytes vs %d", args, out.Len(), len(raw))
		}
		if got := errOut.String(); !strings.HasPrefix(got, "terse: internal error (parser bug); passing the input through unchanged\n") || strings.Count(got, "\n") != 1 {
			t.Fatalf("%q: stderr = %q", args, got)
		}
	}
}

// A failing writer (a closed pipe) is an error, not a hang or a panic.
func TestWriteError(t *testing.T) {
	data, err := os.ReadFile("../../profiles/jest/testdata/captures/mixed.txt")
	if err != nil {
		t.Fatal(err)
	}
	var errOut bytes.Buffer
	code := Main([]string{"terse"}, Env{Stdin: bytes.NewReader(data), Stdout: failWriter{}, Stderr: &errOut,
		Getenv: func(string) string { return "" }})
	if code != 1 || !strings.Contains(errOut.String(), "writing output") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, io.ErrClosedPipe }
