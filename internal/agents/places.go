package agents

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/terse-dev/terse/internal/safefile"
)

// Scope is where a settings file sits among the files Claude Code reads. It
// decides what of the file the hook counts: deny and ask rules from every
// file (they only make the hook more careful), allow rules only from the
// files Claude Code applies to the session.
type Scope int

// The scopes, in the order the files are listed.
const (
	// ScopeManaged: the organisation's policy (managed-settings.json and
	// the managed-settings.d drop-ins).
	ScopeManaged Scope = iota
	// ScopeUser: ~/.claude/settings.json (or $CLAUDE_CONFIG_DIR's).
	ScopeUser
	// ScopeProject: .claude/settings.json and .claude/settings.local.json
	// of $CLAUDE_PROJECT_DIR.
	ScopeProject
	// ScopeAround: any other file the hook reads to be careful: the cwd's
	// and its parents' .claude/settings*.json, the user's
	// settings.local.json. Claude Code may not apply them; a vendored
	// package or a shared directory can put one there.
	ScopeAround
)

func (s Scope) String() string {
	switch s {
	case ScopeManaged:
		return "managed"
	case ScopeUser:
		return "user"
	case ScopeProject:
		return "project"
	}
	return "around the cwd"
}

// SettingsFile is one settings file and its scope.
type SettingsFile struct {
	Path  string
	Scope Scope
	// Untrusted, for a project file, says why Claude Code does not apply
	// its allow rules ("" when it does; see ProjectTrust). It is asked
	// only of a file that has allow rules. A project file without it
	// counts as untrusted.
	Untrusted func() string
}

// SettingsPlaces says where Claude Code's settings files are for a session.
type SettingsPlaces struct {
	Home       string // $HOME
	ConfigDir  string // $CLAUDE_CONFIG_DIR, when set (replaces ~/.claude)
	ProjectDir string // $CLAUDE_PROJECT_DIR, as Claude Code gives hooks
	Cwd        string // the payload's cwd
	Managed    []string
	// ManagedDirs hold drop-in managed files (*.json, read in name order).
	ManagedDirs []string
}

// ManagedSettings are the files an organisation's policy lives in, and
// ManagedSettingsDirs the directories of its drop-in files.
var (
	ManagedSettings = []string{
		"/etc/claude-code/managed-settings.json",
		"/Library/Application Support/ClaudeCode/managed-settings.json",
	}
	ManagedSettingsDirs = []string{
		"/etc/claude-code/managed-settings.d",
		"/Library/Application Support/ClaudeCode/managed-settings.d",
	}
)

// ClaudeSettingsFiles lists the settings files whose rules can matter to a
// session, each with its scope: the managed ones, the user's, the project's
// (shared and local) in $CLAUDE_PROJECT_DIR, then the same two names at the
// root of its git repository (and of the main checkout, from a linked
// worktree), in the cwd and in every directory above it. A file is listed once, in its
// first (most trusted) scope. Without a project directory no file has the
// project scope: the hook cannot tell which directory Claude Code took for
// the project, and counts no project file's allow rule.
func ClaudeSettingsFiles(p SettingsPlaces) []SettingsFile {
	var out []SettingsFile
	seen := map[string]bool{}
	untrusted := sync.OnceValue(func() string { return ProjectTrust(p) })
	add := func(path string, scope Scope) {
		if path != "" && !seen[path] {
			seen[path] = true
			f := SettingsFile{Path: path, Scope: scope}
			if scope == ScopeProject {
				f.Untrusted = untrusted
			}
			out = append(out, f)
		}
	}
	for _, m := range p.Managed {
		add(m, ScopeManaged)
	}
	for _, d := range p.ManagedDirs {
		for _, f := range dropIns(d) {
			add(f, ScopeManaged)
		}
	}
	user := p.ConfigDir
	if user == "" && p.Home != "" {
		user = filepath.Join(p.Home, ".claude")
	}
	if user != "" {
		add(filepath.Join(user, "settings.json"), ScopeUser)
		add(filepath.Join(user, "settings.local.json"), ScopeAround)
	}
	project := func(dir string, scope Scope) {
		add(filepath.Join(dir, ".claude", "settings.json"), scope)
		add(filepath.Join(dir, ".claude", "settings.local.json"), scope)
	}
	if p.ProjectDir != "" && filepath.IsAbs(p.ProjectDir) {
		project(filepath.Clean(p.ProjectDir), ScopeProject)
		// Claude Code also applies the repository root's files (of the
		// main checkout, from a worktree): their deny and ask rules.
		for _, dir := range repoRoots(filepath.Clean(p.ProjectDir)) {
			project(dir, ScopeAround)
		}
	}
	if p.Cwd != "" && filepath.IsAbs(p.Cwd) {
		dir := filepath.Clean(p.Cwd)
		for i := 0; i < 64; i++ {
			project(dir, ScopeAround)
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return out
}

// dropIns lists a managed directory's *.json files in name order (none when
// it is missing or unreadable).
func dropIns(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if strings.HasSuffix(name, ".json") && !strings.HasPrefix(name, ".") {
			out = append(out, filepath.Join(dir, name))
		}
	}
	sort.Strings(out)
	return out
}

// ClaudeSettingsPaths is ClaudeSettingsFiles' paths alone.
func ClaudeSettingsPaths(p SettingsPlaces) []string {
	files := ClaudeSettingsFiles(p)
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = f.Path
	}
	return out
}

// repoRoots are the root of the git repository dir is in and, when that
// is a linked worktree, the main checkout's root (none outside a
// repository).
func repoRoots(dir string) []string {
	for i := 0; i < 64; i++ {
		dotgit := filepath.Join(dir, ".git")
		if fi, err := os.Lstat(dotgit); err == nil {
			if fi.IsDir() {
				return []string{dir}
			}
			return append([]string{dir}, mainCheckout(dir, dotgit)...)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		dir = parent
	}
	return nil
}

// mainCheckout reads a worktree's .git file ("gitdir: /main/.git/worktrees/name")
// for the main checkout's root.
func mainCheckout(dir, dotgit string) []string {
	data, err := safefile.ReadRegular(dotgit, 4096)
	if err != nil {
		return nil
	}
	gitdir, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return nil
	}
	gitdir = strings.TrimSpace(gitdir)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(dir, gitdir)
	}
	sep := string(filepath.Separator)
	main, _, ok := strings.Cut(filepath.Clean(gitdir), sep+".git"+sep+"worktrees"+sep)
	if !ok || main == "" {
		return nil
	}
	return []string{main}
}
