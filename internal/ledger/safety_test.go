//go:build unix

package ledger

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/terse-dev/terse/internal/statedir"
)

// A hand-edited ledger whose counts add past int64 saturates instead of
// wrapping to a negative total; a negative count is not an entry.
func TestReadSaturatesHugeCounts(t *testing.T) {
	in := `{"time":"2026-11-01T09:00:00Z","command":"a","profile":"x","raw":9223372036854775807,"shaped":1,"encoding":"o200k_base"}
{"time":"2026-11-01T09:00:00Z","command":"a","profile":"x","raw":9223372036854775807,"shaped":9223372036854775807,"encoding":"o200k_base"}
{"time":"2026-11-01T09:00:00Z","command":"a","profile":"x","raw":-5,"shaped":1,"encoding":"o200k_base"}
`
	s, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if s.Total.Raw != math.MaxInt64 || s.Total.Shaped != math.MaxInt64 || s.Total.Runs != 2 || s.Skipped != 1 {
		t.Errorf("total %+v skipped %d; want both sides saturated at MaxInt64, 2 runs, 1 skipped", s.Total, s.Skipped)
	}
	for _, g := range append(append(s.Profiles, s.Commands...), s.Days...) {
		if g.Raw < 0 || g.Shaped < 0 {
			t.Errorf("group %s went negative: %+v", g.Key, g.Totals)
		}
	}
	if s.Total.Saved() < 0 && s.Total.Raw >= s.Total.Shaped {
		t.Errorf("saved %d", s.Total.Saved())
	}
	var b strings.Builder
	if err := WriteText(&b, s, TextOptions{}); err != nil || strings.Contains(b.String(), "-9") {
		t.Errorf("text %q, %v", b.String(), err)
	}
}

// A ledger that is a link is not appended to (its target stays as it was),
// nor one that is a FIFO (no reader: terse would wait for one forever),
// nor another user's; gain does not read through a link nor wait on a FIFO.
func TestAppendRefusesLinksAndFIFOs(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "bashrc")
	os.WriteFile(target, []byte("# rc\n"), 0o600)
	link := filepath.Join(dir, "link", FileName)
	os.Mkdir(filepath.Dir(link), 0o700)
	os.Symlink(target, link)
	fifo := filepath.Join(dir, "fifo", FileName)
	os.Mkdir(filepath.Dir(fifo), 0o700)
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	e := Entry{Time: time.Now(), Command: "x", Raw: 10, Shaped: 1, Encoding: "o200k_base"}
	for _, p := range []string{link, fifo} {
		if err := Append(p, e); !errors.Is(err, statedir.ErrUntrusted) {
			t.Errorf("Append(%s) = %v, want ErrUntrusted", p, err)
		}
		if _, err := Load(p); !errors.Is(err, statedir.ErrUntrusted) {
			t.Errorf("Load(%s) = %v, want ErrUntrusted", p, err)
		}
	}
	if data, _ := os.ReadFile(target); string(data) != "# rc\n" {
		t.Errorf("the link's target was appended to: %q", data)
	}
}

// The default location is refused when terse's state directory is a link.
func TestPathRefusesALinkedStateDirectory(t *testing.T) {
	base := t.TempDir()
	os.Mkdir(filepath.Join(base, "elsewhere"), 0o700)
	os.Symlink(filepath.Join(base, "elsewhere"), filepath.Join(base, "terse"))
	_, err := Path(env(map[string]string{"XDG_STATE_HOME": base}))
	if !errors.Is(err, statedir.ErrUntrusted) {
		t.Errorf("Path = %v, want ErrUntrusted", err)
	}
}
