package app

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/profiles"
)

// nearest is the name of known that name is likely a typo of, or "" when
// name is one of them or near none. A typo is a change of case, or edits
// (a swap of two neighbours is one): one for a name of up to four letters,
// two for a longer one, since every short word is two edits from many
// others ("foo" from "hook"). Names of two letters are never guessed at.
func nearest(name string, known []string) string {
	best, bestD := "", 3
	for _, k := range known {
		if name == k {
			return ""
		}
		if strings.EqualFold(name, k) {
			return k
		}
		if len(name) <= 2 || len(k) <= 2 {
			continue
		}
		if d := editDistance(name, k); d < bestD && d <= typoEdits(name) {
			best, bestD = k, d
		}
	}
	return best
}

// typoEdits is how many edits a typo of name may make.
func typoEdits(name string) int {
	if len(name) <= 4 {
		return 1
	}
	return 2
}

// commandNames are the names and aliases of root's visible subcommands.
func commandNames(root *cli.Command) []string {
	var names []string
	for _, c := range root.Commands {
		if c.Hidden {
			continue
		}
		names = append(names, c.Name)
		names = append(names, c.Aliases...)
	}
	return names
}

// flagNames are the long names of c's flags, without dashes.
func flagNames(c *cli.Command) []string {
	var names []string
	for _, f := range c.Flags {
		for _, n := range f.Names() {
			if len(n) > 1 {
				names = append(names, n)
			}
		}
	}
	return names
}

// undefinedFlagPrefix starts the flag parser's error for a flag c does not
// define; the rest of the message is the flag as typed, with its dashes.
const undefinedFlagPrefix = "flag provided but not defined: "

// flagHint is the ", did you mean --X" that follows a usage error about an
// undefined flag near one of c's, or "".
func flagHint(c *cli.Command, err error) string {
	msg := err.Error()
	i := strings.Index(msg, undefinedFlagPrefix)
	if i < 0 {
		return ""
	}
	typed := strings.TrimLeft(strings.TrimSpace(msg[i+len(undefinedFlagPrefix):]), "-")
	if k := nearest(typed, flagNames(c)); k != "" {
		return ": did you mean --" + k + "?"
	}
	return ""
}

// unknownProfile is the usage error for -p NAME when set has no such
// profile, naming the one NAME is likely a typo of.
func unknownProfile(name string, set *profiles.Set) error {
	if k := nearest(strings.ToLower(name), set.Names()); k != "" {
		return usageErr("unknown profile %q: did you mean -p %s? (`terse profiles` lists them)", name, k)
	}
	return usageErr("unknown profile %q: `terse profiles` lists them", name)
}

// suggestedCommand is the command line `terse NAME REST...`, with the `--`
// that ends run's flags when REST is a command (the flag parser has
// dropped the one that was typed).
func suggestedCommand(name string, rest []string) string {
	words := []string{"terse", name}
	if name == "run" && len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		words = append(words, "--")
	}
	return strings.Join(append(words, rest...), " ")
}

// listProfiles writes one line per profile of set: its name in a column as
// wide as the longest name, its description and where it came from.
func listProfiles(w io.Writer, set *profiles.Set) {
	width := 0
	for _, p := range set.All() {
		width = max(width, len(p.Name))
	}
	for _, p := range set.All() {
		fmt.Fprintf(w, "%-*s  %s (%s)\n", width, p.Name, p.Description, profileSource(set, p))
	}
}
