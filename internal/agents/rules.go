package agents

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
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
	// "*". They are read exactly (see allowMatches), never loosely, and
	// only from the files Claude Code applies (see CountsAllow).
	Allow []string
	// NoBypass is set when a settings file disables bypassPermissions
	// (permissions.disableBypassPermissionsMode: "disable").
	NoBypass bool
	// Uncounted says, per file, why allow rules there were not counted.
	Uncounted []string
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

// settingsDoc is the part of a settings file the rules come from. The two
// switches are kept raw: a value of another type is not "on", and must not
// make the whole file unreadable.
type settingsDoc struct {
	ManagedOnly json.RawMessage `json:"allowManagedPermissionRulesOnly"`
	// Some write the bypass switch at the top level; Claude Code's place
	// for it is permissions. Either disables bypass here.
	DisableBypass json.RawMessage `json:"disableBypassPermissionsMode"`
	Permissions   struct {
		Deny          []json.RawMessage `json:"deny"`
		Ask           []json.RawMessage `json:"ask"`
		Allow         []json.RawMessage `json:"allow"`
		DisableBypass json.RawMessage   `json:"disableBypassPermissionsMode"`
	} `json:"permissions"`
}

func (d settingsDoc) managedOnly() bool {
	var on bool
	return json.Unmarshal(d.ManagedOnly, &on) == nil && on
}

func (d settingsDoc) noBypass() bool {
	for _, raw := range []json.RawMessage{d.DisableBypass, d.Permissions.DisableBypass} {
		var v string
		if json.Unmarshal(raw, &v) == nil && v == "disable" {
			return true
		}
	}
	return false
}

// readSettings reads one settings file: its rules, and what fstat said of
// it. errSkip: there is nothing to read.
func readSettings(path string) (settingsDoc, fs.FileInfo, error) {
	var doc settingsDoc
	data, fi, err := safefile.ReadRegularInfo(path, MaxSettingsFile)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrPermission) {
		// Claude Code runs as the same user: it cannot read it either.
		return doc, nil, errSkip
	}
	if errors.Is(err, safefile.ErrRefused) {
		return doc, nil, err // it names the file
	}
	if err != nil {
		return doc, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return doc, nil, fmt.Errorf("reading %s: %w", path, err)
	}
	return doc, fi, nil
}

var errSkip = errors.New("no such settings file")

// CountsAllow says why the allow rules of a settings file in scope, of
// which fstat said fi, do not count ("" when they do): Claude Code does
// not apply the file to the session, or another user could have written
// it.
func CountsAllow(scope Scope, fi fs.FileInfo) string {
	switch {
	case scope == ScopeAround:
		return "not a file Claude Code applies to this session (managed, ~/.claude/settings.json, or .claude/settings*.json of $CLAUDE_PROJECT_DIR)"
	case !safefile.OwnedByUserOrRoot(fi):
		return "owned by another user"
	}
	return ""
}

// countsAllow is CountsAllow for the file, and for a project file the
// workspace's trust too: Claude Code drops an untrusted project's allow
// rules.
func (f SettingsFile) countsAllow(fi fs.FileInfo) string {
	if why := CountsAllow(f.Scope, fi); why != "" || f.Scope != ScopeProject {
		return why
	}
	if f.Untrusted == nil {
		return "the workspace's trust is unknown"
	}
	return f.Untrusted()
}

// ReadClaudeRules collects the Bash rules of the settings files that exist
// among files: the deny and ask rules of every one, the allow rules of those
// CountsAllow counts, and of the managed ones alone when managed settings
// set allowManagedPermissionRulesOnly. A file that exists but cannot be read
// or is not JSON is an error: the hook cannot know its rules, so it changes
// nothing. So is one that is not a regular file (a FIFO, a link to
// /dev/zero: it is not opened for reading, which could wait or read
// forever) or is larger than MaxSettingsFile.
func ReadClaudeRules(files []SettingsFile) (Rules, error) {
	var r Rules
	var managedAllow []string
	var userAllow []string // the counted allow rules' files, outside managed
	managedOnly := false
	for _, f := range files {
		doc, fi, err := readSettings(f.Path)
		if errors.Is(err, errSkip) {
			continue
		}
		if err != nil {
			return r, err
		}
		r.Deny = append(r.Deny, bashRules(doc.Permissions.Deny)...)
		r.Ask = append(r.Ask, bashRules(doc.Permissions.Ask)...)
		r.NoBypass = r.NoBypass || doc.noBypass()
		managedOnly = managedOnly || (f.Scope == ScopeManaged && doc.managedOnly())
		allow := allowRules(doc.Permissions.Allow)
		if len(allow) == 0 {
			continue
		}
		if why := f.countsAllow(fi); why != "" {
			r.Uncounted = append(r.Uncounted, fmt.Sprintf("%s: %d allow rules not counted: %s", f.Path, len(allow), why))
			continue
		}
		if f.Scope == ScopeManaged {
			managedAllow = append(managedAllow, allow...)
		} else {
			userAllow = append(userAllow, fmt.Sprintf("%s: %d allow rules not counted: managed settings set allowManagedPermissionRulesOnly", f.Path, len(allow)))
		}
		r.Allow = append(r.Allow, allow...)
	}
	if managedOnly {
		r.Allow = managedAllow
		r.Uncounted = append(r.Uncounted, userAllow...)
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
