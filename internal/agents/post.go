package agents

import (
	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/shellwrap"
)

// fileReaders print a file, or part of one, as it is: what they print is
// to be read whole, never shaped.
var fileReaders = map[string]bool{
	"cat": true, "tac": true, "nl": true, "head": true, "tail": true, "less": true, "more": true,
	"bat": true, "batcat": true, "sed": true, "awk": true, "gawk": true, "jq": true, "yq": true,
	"xxd": true, "od": true, "hexdump": true, "diff": true, "grep": true, "rg": true, "ag": true,
	"find": true, "ls": true, "tree": true, "wc": true, "cut": true, "sort": true, "column": true,
	"base64": true, "strings": true, "readlink": true, "stat": true, "file": true, "view": true, "vim": true,
}

// gitReaders are git's commands that print files, commits and diffs.
var gitReaders = map[string]bool{"show": true, "diff": true, "log": true, "blame": true, "cat-file": true,
	"grep": true, "ls-files": true, "ls-tree": true, "reflog": true, "format-patch": true}

// PostLeaves says why the PostToolUse hook must leave the output of a
// successful command line as it is ("" when it may replace it): a line that
// runs terse already (the PreToolUse hook's `cd x && terse run …` form
// included), a line that reads a file (cat, sed -n, head, git show …: what
// it prints is read whole), or one no profile claims by its command (see
// Reach: jest, go test, npm test …). A line that does not parse is left
// alone too. unclaimed is true when the only reason is that no command is
// claimed: the caller may still find a profile by the output's content.
func PostLeaves(cmd string, r *Reach) (why string, unclaimed bool) {
	argvs, err := shellwrap.Commands(cmd)
	if err != nil {
		return "the command line does not parse: " + err.Error(), false
	}
	claimed := false
	for _, argv := range argvs {
		prog, args := commands.Program(argv)
		name := programName(argv[0])
		switch {
		case prog == "terse" || name == "terse" || name == "terse-hook":
			return "the command line runs terse already", false
		case fileReaders[prog] || fileReaders[name]:
			return prog + " prints a file: read whole", false
		case (prog == "git" || name == "git") && len(args) > 0 && gitReaders[gitSub(argv)]:
			return "git " + gitSub(argv) + " prints files and diffs: read whole", false
		}
		if !claimed && r != nil && argv[0] != shellwrap.Unknown {
			claimed, _ = r.Decide(argv)
		}
	}
	if !claimed {
		return "no profile claims its commands", true
	}
	return "", false
}

// gitSub is a git call's command, after git's own options.
func gitSub(argv []string) string {
	rest := skipValued(argv[1:], []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace"})
	if len(rest) == 0 {
		return ""
	}
	return rest[0]
}
