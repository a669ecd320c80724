// Package capturelines gives tests every distinct line of the real tool
// captures kept in the profile folders, each cleaned as terse cleans a line
// and in the variants a pattern is most often wrong about (indented by two
// spaces or a tab, unindented, with a colon after, glued to a letter
// before), so that a test of a matcher meets real lines and their near
// misses rather than lines written for it.
package capturelines

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/terse-dev/terse/internal/filters"
)

// read holds Read's answer for each directory, read once for all the
// tests of a package (a read is about 2 s on a loaded 2-core host).
var read sync.Map // profilesDir -> func() ([]string, error)

// ForTest is Read(profilesDir), read once per test binary, as a copy the
// test may append to or reorder; it fails tb when the captures cannot be
// read.
func ForTest(tb testing.TB, profilesDir string) []string {
	tb.Helper()
	once, _ := read.LoadOrStore(profilesDir, sync.OnceValues(func() ([]string, error) { return Read(profilesDir) }))
	lines, err := once.(func() ([]string, error))()
	if err != nil {
		tb.Fatal(err)
	}
	return slices.Clone(lines)
}

// Read reads profiles/*/testdata/captures/*.{txt,log} under profilesDir
// (the profiles directory, as a path from the test's package) and gives
// their lines and variants, each once, sorted, so that a sample of them is
// the same from run to run. A few lines no capture need hold (empty, a
// space, a form feed) are always among them.
func Read(profilesDir string) ([]string, error) {
	files, _ := filepath.Glob(filepath.Join(profilesDir, "*/testdata/captures/*.txt"))
	logs, _ := filepath.Glob(filepath.Join(profilesDir, "*/testdata/captures/*.log"))
	files = append(files, logs...)
	if len(files) == 0 {
		return nil, errors.New("no captures under " + profilesDir)
	}
	seen := map[string]bool{"": true, " ": true, "\f": true, "\v x": true}
	for _, path := range files {
		if err := addVariants(path, seen); err != nil {
			return nil, err
		}
	}
	out := make([]string, 0, len(seen))
	for l := range seen {
		out = append(out, l)
	}
	slices.Sort(out)
	return out, nil
}

// addVariants adds each line of the file at path, and its variants, to seen.
func addVariants(path string, seen map[string]bool) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("reading a capture: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		l := strings.TrimRight(filters.CleanLine(sc.Text()), " \t")
		for _, v := range []string{l, "  " + l, "\t" + l, strings.TrimLeft(l, " \t"), l + ":", "x" + l} {
			seen[v] = true
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	return nil
}
