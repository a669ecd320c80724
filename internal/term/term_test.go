package term

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNotTerminals(t *testing.T) {
	regular, err := os.Create(filepath.Join(t.TempDir(), "file"))
	if err != nil {
		t.Fatal(err)
	}
	defer regular.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	files := map[string]*os.File{"regular file": regular, "pipe reader": r, "pipe writer": w}
	// A character device that is no terminal: the case a Stat alone gets wrong.
	if null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0); err == nil {
		defer null.Close()
		files[os.DevNull] = null
	}
	for name, f := range files {
		if IsTerminal(f) {
			t.Errorf("IsTerminal(%s) = true", name)
		}
		if InForeground(f) {
			t.Errorf("InForeground(%s) = true", name)
		}
	}
}

func TestClosedFile(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "file"))
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if IsTerminal(f) || InForeground(f) {
		t.Error("a closed file counts as a terminal")
	}
}

func TestNotAFile(t *testing.T) {
	if InForeground(strings.NewReader("input")) {
		t.Error("InForeground(strings.Reader) = true")
	}
	var nilFile *os.File
	if InForeground(nilFile) {
		t.Error("InForeground(nil *os.File) = true")
	}
}
