package agents

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/safefile"
)

// MaxClaudeConfig bounds the read of Claude Code's global config
// (~/.claude.json): it keeps every project's history and grows to
// megabytes. A larger one is not read, and the project is taken as
// untrusted.
const MaxClaudeConfig = 64 << 20

// ClaudeConfigPath is the global config file Claude Code keeps workspace
// trust in: a legacy .config.json in the config directory when there is
// one, else .claude.json in $CLAUDE_CONFIG_DIR or $HOME ("" when neither
// is known).
func ClaudeConfigPath(p SettingsPlaces) string {
	dir := p.ConfigDir
	if dir == "" && p.Home != "" {
		dir = filepath.Join(p.Home, ".claude")
	}
	if dir != "" {
		legacy := filepath.Join(dir, ".config.json")
		if _, err := os.Stat(legacy); err == nil {
			return legacy
		}
	}
	if p.ConfigDir != "" {
		return filepath.Join(p.ConfigDir, ".claude.json")
	}
	if p.Home != "" {
		return filepath.Join(p.Home, ".claude.json")
	}
	return ""
}

// TrustKey is the name Claude Code files a project's trust under: the root
// of the git repository dir is in, or dir itself outside a repository. For
// a linked worktree it is the main checkout's root, but only when the
// worktree's git directory points back at it (as Claude Code checks): a
// .git file alone, which anyone can write, does not borrow another
// checkout's trust.
func TrustKey(dir string) string {
	roots := repoRoots(filepath.Clean(dir))
	if len(roots) == 0 {
		return filepath.Clean(dir)
	}
	if len(roots) == 1 || !worktreeOf(roots[0], roots[1]) {
		return roots[0]
	}
	return roots[1]
}

// worktreeOf reports whether the checkout at wt is a linked worktree of
// the repository whose main checkout is at main: its .git file names a
// directory under main's .git/worktrees whose commondir is main's .git and
// whose gitdir file names wt's .git.
func worktreeOf(wt, main string) bool {
	read := func(path string) string {
		b, err := safefile.ReadRegular(path, 4096)
		if err != nil {
			return ""
		}
		return strings.TrimSpace(string(b))
	}
	gitdir, ok := strings.CutPrefix(read(filepath.Join(wt, ".git")), "gitdir:")
	if !ok {
		return false
	}
	gitdir = strings.TrimSpace(gitdir)
	if !filepath.IsAbs(gitdir) {
		gitdir = filepath.Join(wt, gitdir)
	}
	common := read(filepath.Join(gitdir, "commondir"))
	if common == "" {
		return false
	}
	if !filepath.IsAbs(common) {
		common = filepath.Join(gitdir, common)
	}
	common = filepath.Clean(common)
	if filepath.Dir(filepath.Clean(gitdir)) != filepath.Join(common, "worktrees") || common != filepath.Join(main, ".git") {
		return false
	}
	back, err1 := filepath.EvalSymlinks(read(filepath.Join(gitdir, "gitdir")))
	self, err2 := filepath.EvalSymlinks(wt)
	return err1 == nil && err2 == nil && back == filepath.Join(self, ".git")
}

// ProjectTrust says why Claude Code does not apply the allow rules of the
// project's .claude/settings*.json ("" when it does). Claude Code (2.1)
// drops them, and keeps their deny and ask rules, unless the workspace is
// trusted: projects[<key>].hasTrustDialogAccepted is true in its global
// config, which only the interactive trust dialog (or the user) writes; a
// headless -p session never asks. A config that cannot be read counts as
// untrusted.
func ProjectTrust(p SettingsPlaces) string {
	path := ClaudeConfigPath(p)
	if path == "" || p.ProjectDir == "" {
		return "the workspace's trust is unknown (no $HOME or project directory)"
	}
	key := TrustKey(p.ProjectDir)
	untrusted := fmt.Sprintf("the workspace is not trusted: %s has no projects[%q].hasTrustDialogAccepted: true (accept the trust dialog in an interactive claude session there once)", path, key)
	data, fi, err := safefile.ReadRegularInfo(path, MaxClaudeConfig)
	if errors.Is(err, fs.ErrNotExist) {
		return untrusted
	}
	if err != nil {
		return fmt.Sprintf("the workspace's trust is unknown: %v", err)
	}
	if !safefile.OwnedByUserOrRoot(fi) {
		return fmt.Sprintf("the workspace's trust is unknown: %s is owned by another user", path)
	}
	var cfg struct {
		Projects map[string]struct {
			Trusted json.RawMessage `json:"hasTrustDialogAccepted"`
		} `json:"projects"`
	}
	if err := json.Unmarshal(data, &cfg); err != nil {
		return fmt.Sprintf("the workspace's trust is unknown: reading %s: %v", path, err)
	}
	// Claude Code tests the value with === true: a string "true" is not.
	if bytes.Equal(bytes.TrimSpace(cfg.Projects[key].Trusted), []byte("true")) {
		return ""
	}
	return untrusted
}
