//go:build unix

package statedir

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func mode(t *testing.T, path string) os.FileMode {
	t.Helper()
	fi, err := os.Lstat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

func TestEnsureCreatesOwnerOnly(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state", "terse")
	if err := Ensure(dir); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, dir); m != 0o700 {
		t.Errorf("mode %#o, want 0700", m)
	}
}

func TestEnsureTightensTheUsersOwnDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Ensure(dir); err != nil {
		t.Fatal(err)
	}
	if m := mode(t, dir); m != 0o700 {
		t.Errorf("mode %#o, want 0700", m)
	}
}

// A link is refused, and its target is not chmod-ed: as root, a link to
// /tmp would otherwise lock every other user out of it.
func TestEnsureRefusesALinkAndLeavesItsTarget(t *testing.T) {
	base := t.TempDir()
	target := filepath.Join(base, "shared")
	if err := os.Mkdir(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(base, "runs")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	for _, check := range []func(string) error{Ensure, Check} {
		err := check(link)
		if !errors.Is(err, ErrUntrusted) {
			t.Fatalf("err = %v, want ErrUntrusted", err)
		}
	}
	if m := mode(t, target); m != 0o755 {
		t.Errorf("the link's target was chmod-ed to %#o", m)
	}
	// A dangling link too.
	dangling := filepath.Join(base, "dangling")
	if err := os.Symlink(filepath.Join(base, "nowhere"), dangling); err != nil {
		t.Fatal(err)
	}
	if err := Ensure(dangling); !errors.Is(err, ErrUntrusted) {
		t.Errorf("dangling link: err = %v, want ErrUntrusted", err)
	}
	if _, err := os.Stat(filepath.Join(base, "nowhere")); err == nil {
		t.Error("Ensure created the dangling link's target")
	}
}

func TestEnsureRefusesAWritableDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := Ensure(dir); !errors.Is(err, ErrUntrusted) {
		t.Fatalf("err = %v, want ErrUntrusted", err)
	}
	if m := mode(t, dir); m != 0o777 {
		t.Errorf("mode changed to %#o", m)
	}
	if err := Check(dir); !errors.Is(err, ErrUntrusted) {
		t.Errorf("Check: err = %v, want ErrUntrusted", err)
	}
}

// pretend runs f as if terse ran as another user than the files' owner.
func pretend(t *testing.T) {
	t.Helper()
	saved := currentUID
	currentUID = func() int { return os.Geteuid() + 4242 }
	t.Cleanup(func() { currentUID = saved })
}

func TestEnsureRefusesAnotherUsersDirectory(t *testing.T) {
	dir := t.TempDir()
	pretend(t)
	if err := Ensure(dir); !errors.Is(err, ErrUntrusted) {
		t.Fatalf("err = %v, want ErrUntrusted", err)
	}
}

// As root, with a real other owner: what an attacker would plant.
func TestEnsureRefusesADirectoryChownedAway(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a directory away")
	}
	dir := t.TempDir()
	if err := os.Chown(dir, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if err := Ensure(dir); !errors.Is(err, ErrUntrusted) {
		t.Fatalf("err = %v, want ErrUntrusted", err)
	}
}

func TestOpenFileRefusesLinksFIFOsAndOthersFiles(t *testing.T) {
	dir := t.TempDir()
	secret := filepath.Join(dir, "secret")
	if err := os.WriteFile(secret, []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "1.log")
	if err := os.Symlink(secret, link); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "ledger.jsonl")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	loose := filepath.Join(dir, "2.log")
	if err := os.WriteFile(loose, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(loose, 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path string
		flag int
	}{
		{link, os.O_RDONLY},
		{link, os.O_WRONLY | os.O_APPEND | os.O_CREATE},
		{fifo, os.O_RDONLY},                             // no writer: would block without O_NONBLOCK
		{fifo, os.O_WRONLY | os.O_APPEND | os.O_CREATE}, // no reader: would block
		{loose, os.O_RDONLY},
	} {
		f, err := OpenFile(tc.path, tc.flag, 0o600)
		if !errors.Is(err, ErrUntrusted) {
			t.Errorf("OpenFile(%s, %#x): err = %v, want ErrUntrusted", filepath.Base(tc.path), tc.flag, err)
		}
		if f != nil {
			f.Close()
		}
	}
	if data, _ := os.ReadFile(secret); string(data) != "secret\n" {
		t.Errorf("the link's target was written: %q", data)
	}
	f, err := OpenFile(secret, os.O_RDONLY, 0)
	if err != nil {
		t.Fatalf("a regular file of the user's: %v", err)
	}
	f.Close()
	pretend(t)
	if _, err := OpenFile(secret, os.O_RDONLY, 0); !errors.Is(err, ErrUntrusted) {
		t.Errorf("another user's file: err = %v, want ErrUntrusted", err)
	}
}
