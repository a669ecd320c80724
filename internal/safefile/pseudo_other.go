//go:build !linux

package safefile

import (
	"os"
	"path/filepath"
	"strings"
)

// PseudoFS names the pseudo-file system f is on: here told by its path
// alone (/proc, /sys), links resolved.
func PseudoFS(f *os.File) string {
	p, err := filepath.EvalSymlinks(f.Name())
	if err != nil {
		return ""
	}
	for _, root := range []string{"/proc", "/sys"} {
		if p == root || strings.HasPrefix(p, root+"/") {
			return strings.TrimPrefix(root, "/")
		}
	}
	return ""
}
