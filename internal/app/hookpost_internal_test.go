package app

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/safefile"
)

// allocated is how many bytes f allocates on the heap: the least of three
// runs, since the counter is the process's and also counts what other
// goroutines (a reader an earlier test left ending, the runtime's own)
// allocate meanwhile; f allocates the same on every run, the others add.
func allocated(f func()) uint64 {
	least := uint64(math.MaxUint64)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// The repro: a 5 GB sparse file as the persisted output. It is
// refused on its fstat size, with nothing of it read (before: 256 MiB read
// to find out, 938 MB of RSS, 13 s for the 5 s hook).
func TestPersistedOutputRefusedBySize(t *testing.T) {
	path := filepath.Join(t.TempDir(), "out.txt")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(5 << 30); err != nil {
		t.Skip("no sparse 5 GB file here:", err)
	}
	f.Close()
	var data []byte
	var rerr error
	n := allocated(func() { data, rerr = wholeOutput("x", "", path) })
	if data != nil || !errors.Is(rerr, safefile.ErrRefused) || !strings.Contains(rerr.Error(), "larger than") {
		t.Errorf("a 5 GB file: %d bytes, %v", len(data), rerr)
	}
	if n > 1<<20 {
		t.Errorf("refusing a 5 GB file allocated %d bytes: it was read", n)
	}
	// At the limit it is read, whole.
	if err := os.Truncate(path, 1000); err != nil {
		t.Fatal(err)
	}
	if data, err := wholeOutput("x", "", path); err != nil || len(data) != 1000 {
		t.Errorf("a 1000-byte file: %d bytes, %v", len(data), err)
	}
}

// Kernel pseudo-files are no output: /proc/self/environ (a "regular" file
// of size 0, holding the hook's environment), a /sys attribute (size
// 4096), an empty file.
func TestPersistedOutputRefusesPseudoFiles(t *testing.T) {
	empty := filepath.Join(t.TempDir(), "empty.txt")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/proc/self/environ", "/proc/self/status", "/sys/devices/system/cpu/online", empty} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		data, err := wholeOutput("x", "", path)
		if data != nil || !errors.Is(err, safefile.ErrRefused) {
			t.Errorf("%s: %q, %v", path, data, err)
		}
	}
	if _, err := wholeOutput("x", "", "/proc/self/environ"); err == nil || !strings.Contains(err.Error(), "proc file system") {
		t.Errorf("/proc/self/environ: %v", err)
	}
}
