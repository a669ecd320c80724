// Package ledger records what terse saved: one JSON line per shaped run in
// a file under the user's XDG state directory, and summaries of it for
// `terse gain`.
//
// The file is append-only and shared by every terse process of the user, so
// Append writes each entry as one line in one write(2) on a descriptor
// opened with O_APPEND, under an exclusive flock where the system has one:
// concurrent runs never interleave or lose a line. Nothing leaves the
// machine; the directory is owner-only (0700) and the file 0600.
package ledger

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/statedir"
)

// FileName is the ledger's name inside the state directory.
const FileName = "ledger.jsonl"

// PipeCommand is the command recorded for `CMD | terse`: in a pipe, terse
// cannot see the command that wrote its input.
const PipeCommand = "pipe"

// maxCommand caps the command stored in an entry, so that an entry stays one
// short line (well under PIPE_BUF, 4096 bytes, the size up to which even a
// pipe or FIFO writes atomically).
const maxCommand = 512

// ErrDisabled is returned by Path when the user turned the ledger off with
// TERSE_LEDGER=off.
var ErrDisabled = errors.New("ledger disabled by TERSE_LEDGER=off")

// Entry is one shaped run.
type Entry struct {
	Time time.Time `json:"time"`
	// Command is the command whose output was shaped, as typed after
	// `terse run --`, or PipeCommand.
	Command string `json:"command"`
	// Profile is the profile that shaped the output ("none" when none did).
	Profile string `json:"profile"`
	// Exit is the command's exit code; nil when it is unknown (a pipe).
	Exit *int `json:"exit,omitempty"`
	// Raw is the tokens the agent would have read without terse: all of
	// the command's output.
	Raw int64 `json:"raw"`
	// Shaped is the tokens terse wrote.
	Shaped int64 `json:"shaped"`
	// Estimated is true when a count is partly extrapolated: a huge output
	// is counted exactly only up to a limit.
	Estimated bool `json:"estimated,omitempty"`
	// Encoding is the tokenizer the counts are in.
	Encoding string `json:"encoding"`
}

// Path returns the ledger file's path: $TERSE_LEDGER if it is a path,
// else $XDG_STATE_HOME/terse/ledger.jsonl, else
// $HOME/.local/state/terse/ledger.jsonl (HOME must exist). TERSE_LEDGER=off (or 0, false, no)
// turns the ledger off: Path returns ErrDisabled.
func Path(getenv func(string) string) (string, error) {
	switch v := getenv("TERSE_LEDGER"); strings.ToLower(v) {
	case "off", "0", "false", "no":
		return "", ErrDisabled
	case "", "on", "1", "true", "yes":
	default:
		return v, nil
	}
	dir, fromHome := statedir.Dir(getenv)
	if dir == "" {
		return "", errors.New("ledger: neither XDG_STATE_HOME nor HOME is set")
	}
	if fromHome {
		if _, err := os.Stat(getenv("HOME")); err != nil {
			// Never create a home directory: HOME points nowhere in
			// sandboxes and test harnesses.
			return "", fmt.Errorf("ledger: HOME: %w", err)
		}
	}
	// terse's own state directory is trusted as ssh trusts ~/.ssh or not
	// at all (a path named by TERSE_LEDGER is the user's choice).
	if err := statedir.Check(dir); err != nil {
		return "", fmt.Errorf("ledger: %w", err)
	}
	return filepath.Join(dir, FileName), nil
}

// Append adds e to the ledger at path, creating the file (0600) and its
// directory (0700) if needed. Safe under concurrent processes. A ledger that
// is a link, a FIFO, another user's or writable by others is refused
// (statedir.ErrUntrusted): never appended to through a link, never waited on.
func Append(path string, e Entry) error {
	line, err := encode(e)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	f, err := statedir.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	defer f.Close()
	// O_APPEND makes each write land at the end as a whole on a local
	// file system; the lock also covers network file systems, where
	// O_APPEND is emulated, and writers that do not use it.
	unlock := statedir.LockFile(f)
	_, werr := f.Write(line)
	unlock()
	if werr != nil {
		return fmt.Errorf("ledger: %w", werr)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("ledger: %w", err)
	}
	return nil
}

// encode renders e as one line, its command capped at maxCommand bytes.
func encode(e Entry) ([]byte, error) {
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	e.Time = e.Time.Truncate(time.Second)
	e.Command = clip(strings.Join(strings.Fields(e.Command), " "), maxCommand)
	if e.Command == "" {
		e.Command = PipeCommand
	}
	if e.Profile == "" {
		e.Profile = "none"
	}
	b, err := json.Marshal(e)
	if err != nil {
		return nil, fmt.Errorf("ledger: %w", err)
	}
	return append(b, '\n'), nil
}

// clip cuts s to at most n bytes on a rune boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n-len("…")]
	for len(s) > 0 && !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	return s + "…"
}
