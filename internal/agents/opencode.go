package agents

import (
	_ "embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/safefile"
)

// OpenCodePlugin is terse's OpenCode plugin: in tool.execute.after, which
// OpenCode calls once a bash command has run (after its permission check),
// it hands the result to `terse hook opencode-post` and puts the answer in
// its place. It changes nothing before a command runs.
//
//go:embed opencode-plugin.js
var OpenCodePlugin string

// openCodeMarker is the first line of terse's plugin: a file without it is
// not terse's, and is never overwritten or removed.
const openCodeMarker = "// terse: written by `terse init opencode`"

// OpenCodePluginPath is where terse's plugin goes in an OpenCode config
// directory (a project's .opencode, or ~/.config/opencode).
func OpenCodePluginPath(configDir string) string {
	return filepath.Join(configDir, "plugin", "terse.js")
}

// OpenCodeConfigDir is the OpenCode config directory of a project (cwd), or
// with global the user's ($XDG_CONFIG_HOME/opencode, else
// ~/.config/opencode).
func OpenCodeConfigDir(getenv func(string) string, cwd string, global bool) (string, error) {
	if !global {
		return filepath.Join(cwd, ".opencode"), nil
	}
	if x := getenv("XDG_CONFIG_HOME"); x != "" {
		return filepath.Join(x, "opencode"), nil
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".config", "opencode"), nil
	}
	return "", errors.New("no $HOME: cannot find ~/.config/opencode")
}

// IsTersePlugin reports whether data is a plugin terse wrote.
func IsTersePlugin(data []byte) bool {
	return strings.HasPrefix(string(data), openCodeMarker)
}

// InstallOpenCodePlugin writes terse's plugin to path, or brings an older
// one of terse's up to date; changed is false when it was already there.
// A file at path that terse did not write is refused, untouched.
func InstallOpenCodePlugin(path string) (changed bool, err error) {
	old, _, err := safefile.ReadOwned(path, MaxSettingsFile)
	switch {
	case err == nil && string(old) == OpenCodePlugin:
		return false, nil
	case err == nil && !IsTersePlugin(old):
		return false, fmt.Errorf("%s is not terse's plugin: left as it is", path)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return false, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return false, err
	}
	if err := safefile.Replace(path, []byte(OpenCodePlugin), 0o644); err != nil {
		return false, err
	}
	return true, nil
}

// UninstallOpenCodePlugin removes terse's plugin at path; removed is false
// when there is none. A file terse did not write is refused, untouched.
func UninstallOpenCodePlugin(path string) (removed bool, err error) {
	old, _, err := safefile.ReadOwned(path, MaxSettingsFile)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !IsTersePlugin(old) {
		return false, fmt.Errorf("%s is not terse's plugin: left as it is", path)
	}
	return true, os.Remove(path)
}
