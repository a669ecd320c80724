package agents

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/terse-dev/terse/internal/safefile"
)

// FoundHook is a terse hook handler in one of Claude Code's settings files.
type FoundHook struct {
	Path    string // the settings file
	Event   string // PreToolUse or PostToolUse
	Matcher string
	Command string
}

// ClaudeSetup is what the settings files of a session say about terse: its
// hooks, the default permission mode and the Bash rules.
type ClaudeSetup struct {
	Paths       []string // the settings files that exist
	Files       []SettingsFile
	Hooks       []FoundHook
	DefaultMode string // permissions.defaultMode of the last file that sets it
	ModeFrom    string
	Rules       Rules
	// Problems are files that exist but cannot be read as settings.
	Problems []string
}

// InspectClaude reads the settings files of a session in places (the same
// files the hook reads) and reports what terse's setup there is.
func InspectClaude(places SettingsPlaces) ClaudeSetup {
	var s ClaudeSetup
	for _, file := range ClaudeSettingsFiles(places) {
		path := file.Path
		data, err := safefile.ReadRegular(path, MaxSettingsFile)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			s.Problems = append(s.Problems, fmt.Sprintf("%s: %v", path, err))
			continue
		}
		s.Paths = append(s.Paths, path)
		s.Files = append(s.Files, file)
		var doc struct {
			Permissions struct {
				DefaultMode string `json:"defaultMode"`
			} `json:"permissions"`
			Hooks map[string][]struct {
				Matcher string            `json:"matcher"`
				Hooks   []json.RawMessage `json:"hooks"`
			} `json:"hooks"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			s.Problems = append(s.Problems, fmt.Sprintf("%s: %v", path, err))
			continue
		}
		if m := doc.Permissions.DefaultMode; m != "" {
			s.DefaultMode, s.ModeFrom = m, path
		}
		for event, groups := range doc.Hooks {
			for _, g := range groups {
				for _, h := range g.Hooks {
					if isTerseClaudeHook(h) {
						o, _ := parseObject(h)
						s.Hooks = append(s.Hooks, FoundHook{Path: path, Event: event, Matcher: g.Matcher, Command: o.string("command")})
					}
				}
			}
		}
	}
	rules, err := ReadClaudeRules(s.Files)
	if err != nil {
		s.Problems = append(s.Problems, err.Error())
	}
	s.Rules = rules
	return s
}

// PreHooked reports whether terse's PreToolUse hook is installed.
func (s ClaudeSetup) PreHooked() bool {
	for _, h := range s.Hooks {
		if h.Event == "PreToolUse" {
			return true
		}
	}
	return false
}

// Outcome says, in words, what the hook does with cmd in a permission mode
// under these rules, and why: "rewritten to … and allowed by your rule …",
// "rewritten to …", "left alone: …" with the reason for each command of the
// line, or "not rewritten: no terse hook is installed".
func (s ClaudeSetup) Outcome(cmd, mode string, r *Reach) string {
	if !s.PreHooked() {
		return "not rewritten: no terse PreToolUse hook is installed (terse init claude installs it)"
	}
	call := RewriteCall(cmd, Prefix, r.Known(), r.Why)
	if !call.Changed {
		return "left alone: " + strings.Join(call.Left, "; ")
	}
	verdict, why := s.Rules.Judge(mode, cmd, call.Command)
	switch verdict {
	case RewriteAllow:
		return "rewritten to `" + call.Command + "` and allowed by your rule " + why
	case RewriteOnly:
		return "rewritten to `" + call.Command + "`"
	}
	return "left alone (Claude Code decides as without terse): " + strings.TrimPrefix(why, "the rule ")
}
