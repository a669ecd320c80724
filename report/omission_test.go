package report

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every shared key has its own singular, and Noun picks the form by count.
func TestOmissionKeyForms(t *testing.T) {
	for k, one := range singulars {
		if one == "" || one == k.Plural() {
			t.Errorf("%q: singular %q", k, one)
		}
		if got := k.Noun(1); got != one {
			t.Errorf("%q.Noun(1) = %q, want %q", k, got, one)
		}
		for _, n := range []int{0, 2, 40} {
			if got := k.Noun(n); got != string(k) {
				t.Errorf("%q.Noun(%d) = %q", k, n, got)
			}
		}
	}
	// A key no parser declared (a user profile's) falls back to its last word.
	if got := OmissionKey("skipped specs").Singular(); got != "skipped spec" {
		t.Errorf("free-text key: %q", got)
	}
}

// OmitKey records the key as Omit does.
func TestOmitKey(t *testing.T) {
	b := NewBuilder("x", Window{})
	b.OmitKey(OmitStackFrames, 2)
	b.Omit("stack frames", 1)
	if got := b.Finish().OmittedCount("stack frames"); got != 3 {
		t.Errorf("count %d, want 3", got)
	}
}

// TestParsersOmitByKey holds the repository's parsers to the shared keys:
// a key written as free text at a call site is what drifted before
// ("1 timing lines"). Only a user profile's jq program, whose keys are
// data, may name one freely.
func TestParsersOmitByKey(t *testing.T) {
	literal := regexp.MustCompile(`\.Omit\("`)
	n := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		for i, line := range strings.Split(string(src), "\n") {
			if literal.MatchString(line) {
				t.Errorf("%s:%d omits by free text; use an OmissionKey (report/omission.go): %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 100 {
		t.Fatalf("read %d Go files: not the repository", n)
	}
}
