package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Bounds of a transcript read: a line longer than maxTranscriptLine is
// skipped (and counted) rather than held, and of a tool result only
// maxResultKept bytes are kept for shaping (its full size is still counted).
const (
	maxTranscriptLine = 32 << 20
	maxResultKept     = 1 << 20
)

// bashCall is one Bash tool call of a transcript and what the model got back.
type bashCall struct {
	ID      string
	Command string
	Cwd     string
	Mode    string // the session's permission mode when the call was made
	When    time.Time
	Routed  bool // the PreToolUse hook rewrote it to run through terse
	Result  []byte
	Chars   int // characters of the tool_result's text the model received
	Bytes   int
	Clipped bool // Result holds only the first maxResultKept bytes
	HasOut  bool
}

// transcriptScan is what reading transcripts found.
type transcriptScan struct {
	Files   int
	Lines   int
	Skipped int // lines that are not JSON, or too long to hold
	Unknown int // JSON lines of a kind discover does not read
	// done takes each call once its result is read (or its transcript
	// ends without one); calls are not kept, so memory stays bounded by
	// the calls awaiting their results.
	done     func(*bashCall)
	byID     map[string]*bashCall
	routedID map[string]bool
}

// transcriptLine is the part of a Claude Code transcript line discover reads.
type transcriptLine struct {
	Type           string    `json:"type"`
	Timestamp      time.Time `json:"timestamp"`
	Cwd            string    `json:"cwd"`
	PermissionMode string    `json:"permissionMode"`
	Message        struct {
		Content json.RawMessage `json:"content"`
	} `json:"message"`
	Attachment *struct {
		Type      string `json:"type"`
		HookEvent string `json:"hookEvent"`
		ToolUseID string `json:"toolUseID"`
		Stdout    string `json:"stdout"`
	} `json:"attachment"`
}

// contentBlock is a block of a message's content: a tool_use or a tool_result.
type contentBlock struct {
	Type      string          `json:"type"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	Input     struct {
		Command string `json:"command"`
	} `json:"input"`
}

// readTranscript reads one JSONL transcript, a line at a time whatever its
// length, keeping the Bash calls made since the cutoff.
func (s *transcriptScan) readTranscript(r io.Reader, since time.Time) error {
	br := bufio.NewReaderSize(r, 64<<10)
	mode := ""
	for {
		line, tooLong, err := readLongLine(br, maxTranscriptLine)
		if len(line) > 0 || tooLong {
			s.Lines++
			if tooLong {
				s.Skipped++
			} else {
				mode = s.readLine(line, mode, since)
			}
		}
		if errors.Is(err, io.EOF) {
			s.flush()
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading transcript: %w", err)
		}
	}
}

// readLongLine returns the next line without its newline; a line over max
// bytes is read through and dropped (tooLong).
func readLongLine(br *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(buf)+len(chunk) > max {
				tooLong, buf = true, nil
			} else {
				buf = append(buf, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), tooLong, err
	}
}

// readLine takes in one transcript line; it returns the session's
// permission mode as of that line.
func (s *transcriptScan) readLine(line []byte, mode string, since time.Time) string {
	var l transcriptLine
	if json.Unmarshal(line, &l) != nil {
		s.Skipped++
		return mode
	}
	if l.PermissionMode != "" {
		mode = l.PermissionMode
	}
	switch l.Type {
	case "assistant":
		if !l.Timestamp.Before(since) {
			s.toolUses(l, mode)
		}
	case "user":
		s.toolResults(l)
	case "attachment":
		s.hookRecord(l)
	default:
		s.Unknown++
	}
	return mode
}

func (s *transcriptScan) toolUses(l transcriptLine, mode string) {
	var blocks []contentBlock
	if json.Unmarshal(l.Message.Content, &blocks) != nil {
		return
	}
	for _, b := range blocks {
		if b.Type != "tool_use" || b.Name != "Bash" || b.Input.Command == "" {
			continue
		}
		c := &bashCall{ID: b.ID, Command: b.Input.Command, Cwd: l.Cwd, Mode: mode, When: l.Timestamp, Routed: s.routedID[b.ID]}
		if s.byID == nil {
			s.byID = map[string]*bashCall{}
		}
		s.byID[b.ID] = c
	}
}

func (s *transcriptScan) toolResults(l transcriptLine) {
	var blocks []contentBlock
	if json.Unmarshal(l.Message.Content, &blocks) != nil {
		return // a prompt: content is a string
	}
	for _, b := range blocks {
		c := s.byID[b.ToolUseID]
		if b.Type != "tool_result" || c == nil {
			continue
		}
		text := resultText(b.Content)
		c.HasOut = true
		c.Bytes = len(text)
		c.Chars = len([]rune(text))
		if len(text) > maxResultKept {
			text, c.Clipped = text[:maxResultKept], true
		}
		c.Result = []byte(text)
		delete(s.byID, b.ToolUseID)
		s.done(c)
	}
}

// hookRecord marks the calls the PreToolUse hook rewrote to `terse run`:
// the client records the hook's answer, updatedInput and all.
func (s *transcriptScan) hookRecord(l transcriptLine) {
	a := l.Attachment
	if a == nil || a.HookEvent != "PreToolUse" || a.ToolUseID == "" {
		return
	}
	var out struct {
		HookSpecificOutput struct {
			UpdatedInput struct {
				Command string `json:"command"`
			} `json:"updatedInput"`
		} `json:"hookSpecificOutput"`
	}
	if json.Unmarshal([]byte(a.Stdout), &out) != nil || !strings.Contains(out.HookSpecificOutput.UpdatedInput.Command, "terse run") {
		return
	}
	if s.routedID == nil {
		s.routedID = map[string]bool{}
	}
	s.routedID[a.ToolUseID] = true
	if c := s.byID[a.ToolUseID]; c != nil {
		c.Routed = true
	}
}

// flush hands on the calls whose results the transcript does not hold.
func (s *transcriptScan) flush() {
	for id, c := range s.byID {
		delete(s.byID, id)
		s.done(c)
	}
	s.routedID = nil
}

// resultText flattens a tool_result's content: a string, or text blocks.
func resultText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var blocks []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(raw, &blocks)
	var b strings.Builder
	for _, bl := range blocks {
		b.WriteString(bl.Text)
	}
	return b.String()
}

// readTranscriptFile opens and reads one transcript file.
func (s *transcriptScan) readTranscriptFile(path string, since time.Time) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("opening transcript: %w", err)
	}
	defer f.Close()
	s.Files++
	if err := s.readTranscript(f, since); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
