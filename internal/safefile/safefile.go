// Package safefile reads and writes the files terse touches outside its own
// state directory: an agent's settings (.claude/settings.json), the backup it
// keeps of them, the skill file. Those live in directories terse does not
// control, such as a repository the user just cloned, where any name can be
// a link planted to make terse write somewhere else (~/.bashrc), or a FIFO or
// a device planted to hang it or fill its memory.
//
// The rules, in one place so that every such file gets them:
//   - A file is read only when it is a regular file, and at most up to a
//     size limit: it is opened without blocking (a FIFO opens at once and is
//     then refused), checked with fstat on the open descriptor, and read
//     through a limit.
//   - A file is never written in place. The new content goes to a
//     temporary file created beside it (O_CREAT|O_EXCL, which never follows
//     a link) and is renamed over the name, so no link, FIFO or device
//     there is ever opened for writing, and a reader sees the old file or
//     the new one, never half of one.
//   - A name about to be replaced must be absent, or a regular file owned by
//     the user (not a link, FIFO, device or directory), in a directory owned
//     by the user. Anything else is refused with a RefusedError naming it.
package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrRefused is wrapped by every error for a file safefile will not read or
// write (see RefusedError).
var ErrRefused = errors.New("refused")

// RefusedError says which file was refused and why, in one line.
type RefusedError struct {
	Path string // the name as given: the link, not its target
	Op   string // "read" or "write"
	Why  string // "it is a symbolic link (to /x)", "it is a FIFO", ...
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("refusing to %s %s: %s", e.Op, e.Path, e.Why)
}

// Unwrap makes errors.Is(err, ErrRefused) true.
func (e *RefusedError) Unwrap() error { return ErrRefused }

// ReadRegular returns the contents of the file at path when it is a regular
// file of at most limit bytes. A link is followed (a settings file kept in a
// dotfiles repository and linked into place is read), but what it leads to
// must be a regular file: a FIFO, a device (/dev/zero), a socket or a
// directory is refused without blocking, as is a file over the limit. A
// missing file gives an error that matches fs.ErrNotExist.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, _, err := open(path, "read", false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readLimited(f, path, limit, "read")
}

// ReadRegularInfo is ReadRegular that also returns what fstat said of the
// file read (what a link leads to), for a caller that checks its owner.
func ReadRegularInfo(path string, limit int64) ([]byte, fs.FileInfo, error) {
	f, fi, err := open(path, "read", false)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := readLimited(f, path, limit, "read")
	return data, fi, err
}

// OpenRegular opens path for reading as ReadRegular does (without
// blocking, a link followed) and returns the open file when what it leads
// to is a regular file, with what fstat said of it, for a caller that
// decides on its size before reading. A missing file gives an error that
// matches fs.ErrNotExist.
func OpenRegular(path string) (*os.File, fs.FileInfo, error) {
	return open(path, "read", false)
}

// Refused is the RefusedError of a file read refused for why.
func Refused(path, why string) error { return &RefusedError{Path: path, Op: "read", Why: why} }

// OwnedByUserOrRoot reports whether fi is a file of the user running terse
// or of root: one no other user can have written.
func OwnedByUserOrRoot(fi fs.FileInfo) bool { return ownedByUser(fi) || ownedByRoot(fi) }

// ReadOwned returns the contents and permission bits of a file that is about
// to be replaced: it must be a regular file of at most limit bytes, owned by
// the user, and not a link (it is opened with O_NOFOLLOW, so the check holds
// for the file actually read). A missing file gives an error that matches
// fs.ErrNotExist.
func ReadOwned(path string, limit int64) (data []byte, mode fs.FileMode, err error) {
	f, fi, err := open(path, "write", true)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	data, err = readLimited(f, path, limit, "write")
	return data, fi.Mode().Perm(), err
}

// open opens path for reading without blocking and checks, on the open
// descriptor, that it is a regular file (and owned by the user when owned
// is set; links are then not followed).
func open(path, op string, owned bool) (*os.File, fs.FileInfo, error) {
	flags := os.O_RDONLY | oNonblock
	if owned {
		// O_NOFOLLOW makes the open fail on a link, with an errno that
		// differs between systems (ELOOP, EMLINK, EFTYPE): the name itself
		// says whether it is one.
		flags |= oNoFollow
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil, nil, refused(path, op)
		}
	}
	f, err := os.OpenFile(path, flags, 0)
	if err != nil {
		if fi, lerr := os.Lstat(path); owned && lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil, nil, refused(path, op)
		}
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	why := ""
	switch {
	case !fi.Mode().IsRegular():
		why = "it is " + Kind(fi.Mode()) + ", not a regular file"
	case owned && !ownedByUser(fi):
		why = "it is not owned by the user running terse"
	}
	if why != "" {
		f.Close()
		return nil, nil, &RefusedError{Path: path, Op: op, Why: why}
	}
	return f, fi, nil
}

// readLimited reads f up to limit bytes; more is an error (nothing is cut
// silently).
func readLimited(f *os.File, path string, limit int64, op string) ([]byte, error) {
	var b bytes.Buffer
	n, err := b.ReadFrom(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if n > limit {
		return nil, &RefusedError{Path: path, Op: op, Why: fmt.Sprintf("it is larger than %d bytes", limit)}
	}
	return b.Bytes(), nil
}

// Check reports, without opening anything, whether the name path may be
// replaced: nil when nothing is there or when it is a regular file owned by
// the user, a RefusedError when it is a link, a FIFO, a device, a
// directory, or a file of someone else's.
func Check(path string) error {
	fi, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		return refused(path, "write")
	case !fi.Mode().IsRegular():
		return &RefusedError{Path: path, Op: "write", Why: "it is " + Kind(fi.Mode()) + ", not a regular file"}
	case !ownedByUser(fi):
		return &RefusedError{Path: path, Op: "write", Why: "it is not owned by the user running terse"}
	}
	return nil
}

// Replace puts data at path with the permission bits mode: written to a
// temporary file in the same directory, then renamed over path. path must
// pass Check (it is checked again just before the rename), and its
// directory, created when missing, must be owned by the user.
func Replace(path string, data []byte, mode fs.FileMode) error {
	if err := Check(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if fi, err := os.Stat(dir); err != nil {
		return err
	} else if !ownedByUser(fi) {
		return &RefusedError{Path: path, Op: "write", Why: "its directory is not owned by the user running terse"}
	}
	// CreateTemp opens with O_CREAT|O_EXCL: it makes a new file or fails,
	// and never follows a link planted at its name.
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := writeClose(tmp, data, mode); err != nil {
		return err
	}
	// A link put there since the first check would be replaced, not
	// followed, by the rename; refusing keeps the rule simple to state.
	if err := Check(path); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func writeClose(f *os.File, data []byte, mode fs.FileMode) error {
	_, err := f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// refused is the error for a link at path, naming where it points.
func refused(path, op string) error {
	why := "it is a symbolic link"
	if to, err := os.Readlink(path); err == nil {
		why += " (to " + to + ")"
	}
	return &RefusedError{Path: path, Op: op, Why: why + "; terse does not follow links here"}
}

// Kind names a file type for a message: "a FIFO", "a directory".
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "a special file"
}
