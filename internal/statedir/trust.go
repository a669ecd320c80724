package statedir

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrUntrusted is matched (errors.Is) by every refusal of a file or
// directory in the state directory that terse does not trust.
var ErrUntrusted = errors.New("untrusted state file")

// UntrustedError says why terse refused a path in its state directory.
type UntrustedError struct {
	Path   string
	Reason string
}

func (e *UntrustedError) Error() string { return "refusing " + e.Path + ": " + e.Reason }

// Is makes errors.Is(err, ErrUntrusted) true.
func (e *UntrustedError) Is(target error) bool { return target == ErrUntrusted }

// Ensure makes dir (and its parents) owner-only (0700) if it does not exist,
// then checks it as ssh and gpg check their directories: a directory, not a
// symbolic link, owned by the user, not writable by group or others. A
// directory of the user's with looser read permissions is tightened to
// 0700, through a descriptor opened without following links, so no chmod
// ever lands on a link's target.
func Ensure(dir string) error {
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return fmt.Errorf("creating %s: %w", dir, err)
		}
		fi, err = os.Lstat(dir)
	}
	if err != nil {
		return fmt.Errorf("state directory: %w", err)
	}
	if err := checkDir(dir, fi); err != nil {
		return err
	}
	if err := checkParent(filepath.Dir(dir)); err != nil {
		return err
	}
	if _, unix := owner(fi); !unix || fi.Mode().Perm() == 0o700 {
		return nil
	}
	return tighten(dir, fi)
}

// Check checks dir as Ensure does, if it exists, and changes nothing. It
// refuses only what is there and untrusted: a dir that cannot be looked at
// is left to the error of whoever uses it next.
func Check(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return nil
	}
	if err := checkDir(dir, fi); err != nil {
		return err
	}
	return checkParent(filepath.Dir(dir))
}

// checkParent refuses a parent directory in which another user could
// replace dir (rename it away, put their own in its place): one that is
// neither the user's nor root's, or that group or others may write without
// the sticky bit (which /tmp has: there only a file's owner may rename it).
// It was not looked at before (issue 52). A parent that is a link is
// followed: ~/.local may be one, and its target is what is checked.
func checkParent(parent string) error {
	fi, err := os.Stat(parent)
	if err != nil {
		return nil // whoever uses it next says why
	}
	uid, ok := owner(fi)
	if !ok {
		return nil
	}
	if uid != 0 && int64(uid) != int64(currentUID()) {
		return &UntrustedError{parent, fmt.Sprintf("the state directory's parent is owned by uid %d, neither you (uid %d) nor root", uid, currentUID())}
	}
	if fi.Mode().Perm()&0o022 != 0 && fi.Mode()&fs.ModeSticky == 0 {
		return &UntrustedError{parent, fmt.Sprintf("the state directory's parent is writable by group or others (mode %#o) without the sticky bit: chmod go-w it", fi.Mode().Perm())}
	}
	return nil
}

func checkDir(dir string, fi fs.FileInfo) error {
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return &UntrustedError{dir, "it is a symbolic link (terse follows no link in its state directory; remove it and terse makes the directory again)"}
	case !fi.IsDir():
		return &UntrustedError{dir, "not a directory"}
	}
	return checkOwner(dir, fi)
}

// checkOwner refuses what another user owns or may write.
func checkOwner(path string, fi fs.FileInfo) error {
	uid, ok := owner(fi)
	if !ok {
		return nil // no owners nor unix modes here (Windows)
	}
	if int64(uid) != int64(currentUID()) {
		return &UntrustedError{path, fmt.Sprintf("owned by uid %d, not by you (uid %d)", uid, currentUID())}
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return &UntrustedError{path, fmt.Sprintf("writable by group or others (mode %#o): chmod go-w it", fi.Mode().Perm())}
	}
	return nil
}

// tighten makes the directory dir, described by fi, 0700.
func tighten(dir string, fi fs.FileInfo) error {
	d, err := os.OpenFile(dir, os.O_RDONLY|oDirectory|oNoFollow, 0)
	if err != nil {
		return fmt.Errorf("making %s owner-only: %w", dir, err)
	}
	defer d.Close()
	// The directory checked above, and not one swapped in since.
	if now, err := d.Stat(); err != nil || !os.SameFile(now, fi) {
		return &UntrustedError{dir, "it changed while terse checked it"}
	}
	if err := d.Chmod(0o700); err != nil {
		return fmt.Errorf("making %s owner-only: %w", dir, err)
	}
	return nil
}

// Open opens a file in the state directory for reading, as OpenFile does.
func Open(name string) (*os.File, error) { return OpenFile(name, os.O_RDONLY, 0) }

// OpenFile opens a file in the state directory as os.OpenFile does, but
// never through a symbolic link, never blocking on a FIFO, and only when it
// is a regular file owned by the user and not writable by others. Anything
// else is refused with an *UntrustedError, so a planted link cannot make
// terse read or append to a file elsewhere, nor a FIFO hang it.
func OpenFile(name string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := os.OpenFile(name, flag|oNoFollow|oNonBlock, perm)
	if err != nil {
		// Say what was refused rather than ELOOP or ENXIO.
		if fi, lerr := os.Lstat(name); lerr == nil && !fi.Mode().IsRegular() {
			return nil, notRegular(name, fi)
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, notRegular(name, fi)
	}
	if err := checkOwner(name, fi); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

func notRegular(name string, fi fs.FileInfo) error {
	if fi.Mode()&fs.ModeSymlink != 0 {
		return &UntrustedError{name, "it is a symbolic link (terse follows no link in its state directory)"}
	}
	return &UntrustedError{name, "not a regular file"}
}

// LockDir takes an exclusive lock on the directory dir itself (opened
// without following a link) and returns its release: no lock file to leave
// behind or to be planted.
func LockDir(dir string) (unlock func(), err error) {
	d, err := os.OpenFile(dir, os.O_RDONLY|oDirectory|oNoFollow, 0)
	if err != nil {
		return nil, err
	}
	release := LockFile(d)
	return func() { release(); d.Close() }, nil
}

// CheckFile checks a file of the state directory from its Lstat info as
// OpenFile does when it opens one: a regular file (not a link), the user's,
// not writable by others.
func CheckFile(path string, fi fs.FileInfo) error {
	if !fi.Mode().IsRegular() {
		return notRegular(path, fi)
	}
	return checkOwner(path, fi)
}
