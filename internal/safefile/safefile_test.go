//go:build unix

package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "a.json")
	if err := os.WriteFile(reg, []byte("12345"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadRegular(reg, 5); err != nil || string(b) != "12345" {
		t.Errorf("regular file at the limit: %q, %v", b, err)
	}
	if _, err := ReadRegular(reg, 4); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "larger than 4 bytes") {
		t.Errorf("over the limit: %v", err)
	}
	// A link to a regular file is read (dotfiles); to a device, refused.
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(reg, link); err != nil {
		t.Fatal(err)
	}
	if b, err := ReadRegular(link, 10); err != nil || string(b) != "12345" {
		t.Errorf("link to a regular file: %q, %v", b, err)
	}
	zero := filepath.Join(dir, "zero.json")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRegular(zero, 10); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "character device") {
		t.Errorf("link to /dev/zero: %v", err)
	}
	// A FIFO with no writer: refused, not waited on.
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadRegular(fifo, 10); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "FIFO") {
		t.Errorf("FIFO: %v", err)
	}
	if _, err := ReadRegular(filepath.Join(dir, "none"), 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

func TestReadOwnedRefusesLinks(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "a.json")
	if err := os.WriteFile(reg, []byte("{}"), 0o640); err != nil {
		t.Fatal(err)
	}
	if b, mode, err := ReadOwned(reg, 10); err != nil || string(b) != "{}" || mode != 0o640 {
		t.Errorf("regular file: %q, %v, %v", b, mode, err)
	}
	link := filepath.Join(dir, "link.json")
	if err := os.Symlink(reg, link); err != nil {
		t.Fatal(err)
	}
	_, _, err := ReadOwned(link, 10)
	var re *RefusedError
	if !errors.As(err, &re) || re.Path != link || !strings.Contains(re.Why, "symbolic link (to "+reg+")") {
		t.Errorf("link: %v", err)
	}
	if _, _, err := ReadOwned(filepath.Join(dir, "none"), 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing: %v", err)
	}
}

func TestReplaceKeepsLinksAndModes(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(dir, "victim")
	if err := os.WriteFile(victim, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "settings.json.terse.bak")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	if err := Replace(link, []byte("theirs"), 0o644); !errors.Is(err, ErrRefused) {
		t.Errorf("Replace through a link: %v", err)
	}
	if b, _ := os.ReadFile(victim); string(b) != "mine" {
		t.Errorf("the link's target was written: %q", b)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v, %v", fi, err)
	}
	path := filepath.Join(dir, "sub", "new.json")
	if err := Replace(path, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("new file: %v, %v", fi, err)
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}
}

// TestRefusesOthersFiles needs root, to give a file away.
func TestRefusesOthersFiles(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to chown a file to another user")
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(path, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(path, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadOwned(path, 10); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "not owned by the user") {
		t.Errorf("ReadOwned: %v", err)
	}
	if err := Replace(path, []byte("x"), 0o644); !errors.Is(err, ErrRefused) {
		t.Errorf("Replace: %v", err)
	}
	sub := filepath.Join(dir, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(sub, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if err := Replace(filepath.Join(sub, "f"), []byte("x"), 0o644); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "directory is not owned") {
		t.Errorf("Replace in another user's directory: %v", err)
	}
}
