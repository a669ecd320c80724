// Package llmread reads terse's llm text back into what the ungrouped text
// says, for the tests that look for each failure by its line: the renderer
// writes the compact form (render), and what reads it lives apart from it.
package llmread

import (
	"fmt"
	"strconv"
	"strings"
)

// ExpandGroups writes the members of a group that the llm text lists under
// their file back as whole lines (file:line "name"), as the ungrouped text
// writes them, for a reader that looks for a failure by its line (the
// fidelity tests do): what the compact form says is enough to rebuild it.
func ExpandGroups(text string) (string, error) {
	var out []string
	file, prefix := "", ""
	lines := strings.Split(text, "\n")
	inGroup := false
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "--- [×"):
			inGroup = true
		case l == "":
			inGroup = false
		}
		member := func(l string) bool { return strings.HasPrefix(l, "  :") || strings.HasPrefix(l, "  \"") }
		if h, ok := strings.CutSuffix(l, ":"); ok && inGroup && !strings.HasPrefix(l, " ") && i+1 < len(lines) && member(lines[i+1]) {
			file, prefix = h, ""
			if i := strings.Index(h, " \""); i >= 0 {
				p, err := strconv.Unquote(h[i+1:])
				if err != nil || !strings.HasSuffix(p, "…") {
					return "", fmt.Errorf("run header %q: the shared start of names is not a quoted string ending in …", l)
				}
				file, prefix = h[:i], strings.TrimSuffix(p, "…")
			}
			continue
		}
		if file != "" && member(l) {
			rest := strings.TrimPrefix(l, "  ")
			loc := file
			if strings.HasPrefix(rest, ":") {
				n, after, _ := strings.Cut(rest, " ")
				loc, rest = file+n, after
			}
			if rest != "" {
				q, own, _ := strings.Cut(rest, " — ")
				name, err := strconv.Unquote(q)
				if err != nil {
					return "", fmt.Errorf("run member %q: the name is not quoted", l)
				}
				rest = strconv.Quote(prefix + name)
				if own != "" {
					rest += " — " + own
				}
				loc += " " + rest
			}
			out = append(out, loc)
			continue
		}
		file = ""
		out = append(out, l)
	}
	return strings.Join(out, "\n"), nil
}
