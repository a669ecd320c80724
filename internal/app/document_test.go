package app

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/terse-dev/terse/profiles"
)

// FuzzJSONInput feeds terse JSON-looking input, whole, truncated and
// malformed. Whatever it is, terse gives a clear result: exit 0 with output,
// or exit 1 with the raw input passed on unchanged and the reason on stderr.
// Nothing is lost and nothing panics.
func FuzzJSONInput(f *testing.F) {
	var seeds [][]byte
	for _, glob := range []string{"../../profiles/specleft/testdata/fixtures/*.json", "../../profiles/cleo/testdata/fixtures/*.json",
		"../../profiles/leanspec/testdata/documents/small_*.json", "../../profiles/json/testdata/documents/*.json"} {
		files, _ := filepath.Glob(glob)
		for _, p := range files {
			data, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			seeds = append(seeds, data)
		}
	}
	if len(seeds) < 20 {
		f.Fatalf("only %d seed files", len(seeds))
	}
	for _, s := range seeds {
		f.Add(s)
		f.Add(s[:len(s)/2])                                   // truncated
		f.Add(append(append([]byte{}, s[:len(s)/3]...), '}')) // malformed
	}
	f.Add([]byte("{\"a\":1}\n{\"a\":"))
	f.Add([]byte("[1,2,,3]"))
	f.Add([]byte(" \n{\"a\":"))
	f.Add([]byte("\ufeff[1,"))
	f.Fuzz(func(t *testing.T, in []byte) {
		if !profiles.LooksLikeJSON(in) {
			t.Skip("not JSON-looking: the text path's business")
		}
		var out, errOut bytes.Buffer
		code := Main([]string{"terse", "--limit", "3"}, Env{Stdin: bytes.NewReader(in), Stdout: &out, Stderr: &errOut,
			Getenv: func(string) string { return "" }})
		switch code {
		case 0:
			if out.Len() == 0 {
				t.Fatalf("exit 0 with no output for %q", in)
			}
		case 1:
			if !bytes.Equal(out.Bytes(), in) {
				t.Fatalf("exit 1 but the input was not passed on unchanged:\nin  %q\nout %q", in, out.Bytes())
			}
			if errOut.Len() == 0 {
				t.Fatalf("exit 1 without a reason for %q", in)
			}
		default:
			t.Fatalf("exit %d for %q (stderr %q)", code, in, errOut.String())
		}
		if bytes.IndexByte(out.Bytes(), 0x1b) >= 0 && code == 0 {
			t.Fatalf("escape byte in shaped output for %q", in)
		}
	})
}
