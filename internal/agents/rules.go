package agents

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/safefile"
)

// Rules are the contents of the Bash rules in Claude Code's permissions.deny
// and permissions.ask lists ("git push --force", "npm run test:*").
//
// Claude Code matches its rules against the input a hook returns, not the
// one Claude sent (https://code.claude.com/docs/en/hooks, PreToolUse
// decision control). A deny rule for `npx jest` would not match `terse run --
// npx jest`, and the call would ask instead of being refused; an ask rule
// would not match, and an allow rule could let the call through. The hook
// therefore leaves alone any command such a rule could match.
type Rules struct {
	Deny, Ask []string
	// Allow holds the allow rules' contents; a bare "Bash" allow rule is
	// "*". They are read exactly (see allowMatches), never loosely.
	Allow []string
}

// Guard reports a deny or ask rule that could match the command before or
// after the rewrite, when there is one. "Could" is deliberately loose: the
// rule's literal parts, in order, anywhere in the command, with quotes,
// backslashes and runs of blanks ignored on both sides. It may keep a
// command unwrapped that Claude Code would not have matched; it does not
// miss one Claude Code would. A rule that matches every command (`*`)
// matches the rewrite as well and guards nothing.
func (r Rules) Guard(original, rewritten string) (string, bool) {
	for _, list := range []struct {
		kind  string
		rules []string
	}{{"deny", r.Deny}, {"ask", r.Ask}} {
		for _, rule := range list.rules {
			if couldMatch(rule, original) || couldMatch(rule, rewritten) {
				return fmt.Sprintf("%s Bash(%s)", list.kind, rule), true
			}
		}
	}
	return "", false
}

// couldMatch reports whether a Bash rule's pattern could match cmd.
func couldMatch(pattern, cmd string) bool {
	p := strings.TrimSpace(pattern)
	if strings.HasSuffix(p, ":*") { // the legacy prefix form
		p = strings.TrimSuffix(p, ":*") + "*"
	}
	var pieces []string
	for _, piece := range strings.Split(p, "*") {
		if piece = loosen(piece); piece != "" {
			pieces = append(pieces, piece)
		}
	}
	if len(pieces) == 0 {
		return false // matches anything, the rewrite included
	}
	s := loosen(cmd)
	for _, piece := range pieces {
		i := strings.Index(s, piece)
		if i < 0 {
			return false
		}
		s = s[i+len(piece):]
	}
	return true
}

// loosen drops quotes and backslashes and folds runs of blanks to one space.
func loosen(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		switch r {
		case '\'', '"', '\\':
			continue
		case ' ', '\t', '\n', '\r':
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// SettingsPlaces says where Claude Code's settings files are for a session.
type SettingsPlaces struct {
	Home       string // $HOME
	ConfigDir  string // $CLAUDE_CONFIG_DIR, when set (replaces ~/.claude)
	ProjectDir string // $CLAUDE_PROJECT_DIR, as Claude Code gives hooks
	Cwd        string // the payload's cwd
	Managed    []string
}

// ManagedSettings are the files an organisation's policy lives in.
var ManagedSettings = []string{
	"/etc/claude-code/managed-settings.json",
	"/Library/Application Support/ClaudeCode/managed-settings.json",
}

// ClaudeSettingsPaths lists the settings files whose rules can apply to a
// session: the managed ones, the user's, and the project's (shared and
// local) in the project directory, the cwd and every directory above the
// cwd, since the hook cannot always tell which one Claude Code took for the
// project root. More files only make the hook more careful.
func ClaudeSettingsPaths(p SettingsPlaces) []string {
	var out []string
	seen := map[string]bool{}
	add := func(path string) {
		if path != "" && !seen[path] {
			seen[path] = true
			out = append(out, path)
		}
	}
	for _, m := range p.Managed {
		add(m)
	}
	user := p.ConfigDir
	if user == "" && p.Home != "" {
		user = filepath.Join(p.Home, ".claude")
	}
	if user != "" {
		add(filepath.Join(user, "settings.json"))
		add(filepath.Join(user, "settings.local.json"))
	}
	project := func(dir string) {
		add(filepath.Join(dir, ".claude", "settings.json"))
		add(filepath.Join(dir, ".claude", "settings.local.json"))
	}
	if p.ProjectDir != "" {
		project(p.ProjectDir)
	}
	if p.Cwd != "" && filepath.IsAbs(p.Cwd) {
		dir := filepath.Clean(p.Cwd)
		for i := 0; i < 64; i++ {
			project(dir)
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return out
}

// ReadClaudeRules collects the Bash deny, ask and allow rules of the settings files
// that exist among paths. A file that exists but cannot be read or is not
// JSON is an error: the hook cannot know its rules, so it changes nothing.
// So is one that is not a regular file (a FIFO, a link to /dev/zero: it is
// not opened for reading, which could wait or read forever) or is larger
// than MaxSettingsFile.
func ReadClaudeRules(paths []string) (Rules, error) {
	var r Rules
	for _, path := range paths {
		data, err := safefile.ReadRegular(path, MaxSettingsFile)
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
			// Claude Code runs as the same user: it cannot read it either.
			continue
		}
		if errors.Is(err, safefile.ErrRefused) {
			return r, err // it names the file
		}
		if err != nil {
			return r, fmt.Errorf("reading %s: %w", path, err)
		}
		var s struct {
			Permissions struct {
				Deny  []json.RawMessage `json:"deny"`
				Ask   []json.RawMessage `json:"ask"`
				Allow []json.RawMessage `json:"allow"`
			} `json:"permissions"`
		}
		if err := json.Unmarshal(data, &s); err != nil {
			return r, fmt.Errorf("reading %s: %w", path, err)
		}
		r.Deny = append(r.Deny, bashRules(s.Permissions.Deny)...)
		r.Ask = append(r.Ask, bashRules(s.Permissions.Ask)...)
		r.Allow = append(r.Allow, allowRules(s.Permissions.Allow)...)
	}
	return r, nil
}

// bashRules returns the contents of the Bash(...) rules of a list. A bare
// "Bash" rule matches every command, the rewritten one too, and so needs no
// guard.
func bashRules(list []json.RawMessage) []string {
	var out []string
	for _, raw := range list {
		var rule string
		if json.Unmarshal(raw, &rule) != nil {
			continue
		}
		rule = strings.TrimSpace(rule)
		if !strings.HasPrefix(rule, "Bash(") || !strings.HasSuffix(rule, ")") {
			continue
		}
		out = append(out, rule[len("Bash("):len(rule)-1])
	}
	return out
}

// allowRules returns the contents of a list's Bash allow rules, with a bare
// "Bash" (every command) as "*".
func allowRules(list []json.RawMessage) []string {
	out := bashRules(list)
	for _, raw := range list {
		var rule string
		if json.Unmarshal(raw, &rule) == nil && strings.TrimSpace(rule) == "Bash" {
			out = append(out, "*")
		}
	}
	return out
}
