package shellwrap

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// MinFitLines is the fewest lines a page is fitted to: the status line, a
// failure's header and message, the line that counts the rest and the raw
// log's. A tail or head of fewer lines is left to read the raw text.
const MinFitLines = 8

// fittedWriter returns the writing side of a pipe whose reader only bounds
// its output to a number of lines, and that number: `CMD 2>&1 | tail -30`,
// `CMD |& head -n 50`. The writer must be a simple command whose standard
// output and error both go into the pipe, so a wrapper that merges them
// sends the pipe what went there before, only shaped; the reader a plain
// `tail` or `head` of the last or first N lines, with no file and nothing
// redirected. Anything else (tee, grep, a byte count, `tail -f`, `tail -n
// +5`) reads the raw text: nil.
func (w *walker) fittedWriter(c *syntax.BinaryCmd) (*syntax.CallExpr, int) {
	call := mergedWriter(c)
	if call == nil {
		return nil, 0
	}
	lines, ok := w.boundingReader(c.Y)
	if !ok || lines < MinFitLines {
		return nil, 0
	}
	return call, lines
}

// mergedWriter is the writing side of a pipe when it is a simple command
// whose standard output and error both go into the pipe, else nil.
func mergedWriter(c *syntax.BinaryCmd) *syntax.CallExpr {
	x := c.X
	if x == nil || x.Background || x.Coprocess || x.Negated {
		return nil
	}
	call, ok := x.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 || redirectsOutput(x.Redirs) || closesStdin(x.Redirs) {
		return nil
	}
	if c.Op != syntax.PipeAll && !mergesStderr(x.Redirs) {
		return nil // stderr goes to the reader of the line, stdout to the pipe
	}
	return call
}

// boundingReader reports the lines a pipe's reader keeps when it is a
// plain tail or head (see BoundLines), with nothing redirected.
func (w *walker) boundingReader(y *syntax.Stmt) (int, bool) {
	if y == nil || y.Background || y.Coprocess || len(y.Redirs) > 0 {
		return 0, false
	}
	reader, ok := y.Cmd.(*syntax.CallExpr)
	if !ok || len(reader.Assigns) > 0 || len(reader.Args) == 0 {
		return 0, false
	}
	argv := make([]string, len(reader.Args))
	for i, word := range reader.Args {
		argv[i] = Value(word)
	}
	if w.defined.defines(argv[0]) {
		return 0, false
	}
	return BoundLines(argv)
}

// BoundLines reads a `tail` or `head` command that keeps the last or first
// N lines of its standard input: `tail`, `tail -30`, `tail -n 30`, `tail
// -n30`, `tail --lines=30`, `tail --lines 30` (head likewise). Anything else
// (a file, -c, -f, -q, +N, a negative count) is not one.
func BoundLines(argv []string) (int, bool) {
	if len(argv) == 0 || (argv[0] != "tail" && argv[0] != "head") {
		return 0, false
	}
	count, ok := lineCount(argv[1:])
	if !ok {
		return 0, false
	}
	for _, r := range count {
		if r < '0' || r > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(count)
	if err != nil || n < 1 || n > 1_000_000 {
		return 0, false
	}
	return n, true
}

// lineCount is the count of tail's or head's arguments, as written ("10"
// for none); ok is false for any other argument.
func lineCount(args []string) (string, bool) {
	switch {
	case len(args) == 0:
		return "10", true
	case len(args) == 1 && strings.HasPrefix(args[0], "--lines="):
		return strings.TrimPrefix(args[0], "--lines="), true
	case len(args) == 1 && strings.HasPrefix(args[0], "-n") && len(args[0]) > 2:
		return args[0][2:], true
	case len(args) == 1 && strings.HasPrefix(args[0], "-"):
		return args[0][1:], true
	case len(args) == 2 && (args[0] == "-n" || args[0] == "--lines"):
		return args[1], true
	}
	return "", false
}

// mergesStderr reports whether the redirections send standard error where
// standard output goes (2>&1), with nothing after that moving either.
func mergesStderr(rs []*syntax.Redirect) bool {
	merged := false
	for _, r := range rs {
		fd := ""
		if r.N != nil {
			fd = r.N.Value
		}
		if r.Op == syntax.DplOut && fd == "2" && Value(r.Word) == "1" {
			merged = true
		}
	}
	return merged
}

// closesStdin reports whether the redirections close standard input
// (`<&-`, `0<&-`, `0>&-`). A wrapper would start the command with
// /dev/null there instead of a closed descriptor.
func closesStdin(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		fd := ""
		if r.N != nil {
			fd = r.N.Value
		}
		switch {
		case r.Op == syntax.DplIn && (fd == "" || fd == "0") && Value(r.Word) == "-":
			return true
		case r.Op == syntax.DplOut && fd == "0" && Value(r.Word) == "-":
			return true
		}
	}
	return false
}

// lineChangers are builtins that change how every later command of the
// line runs in ways a wrapper program would not carry over: exec with
// redirections moves the shell's own descriptors (`exec 2>/dev/null`), and
// source, ., eval, hash and enable can define functions, map a name to
// another program or replace a builtin by names this parse cannot see.
var lineChangers = map[string]string{
	"exec":   "exec changes the shell's own descriptors or replaces it",
	"source": "a sourced file can define functions the rewrite cannot see",
	".":      "a sourced file can define functions the rewrite cannot see",
	"eval":   "eval can define functions the rewrite cannot see",
	"hash":   "hash can map a command name to another program",
	"enable": "enable can load or turn off builtins",
}

// refusal says why a whole command line must be left alone, or "": a
// builtin that changes how later commands run (lineChangers), or PATH set,
// exported or unset anywhere in it (the wrapper is looked up in PATH: with
// PATH=/usr/bin:/bin in front of it the shell would not find it, and the
// command would end 127 where it ran before).
func refusal(f *syntax.File) string {
	why := ""
	syntax.Walk(f, func(n syntax.Node) bool {
		if why != "" {
			return false
		}
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name != nil && n.Name.Value == "PATH" {
				why = "it sets PATH, where the shell looks up terse"
			}
		case *syntax.ForClause:
			if it, ok := n.Loop.(*syntax.WordIter); ok && it.Name != nil && it.Name.Value == "PATH" {
				why = "it sets PATH, where the shell looks up terse"
			}
		case *syntax.CallExpr:
			why = callRefusal(n)
		}
		return true
	})
	return why
}

// callRefusal is refusal for one simple command.
func callRefusal(c *syntax.CallExpr) string {
	if len(c.Args) == 0 {
		return ""
	}
	args := make([]string, len(c.Args))
	for i, w := range c.Args {
		args[i] = Value(w)
	}
	// builtin NAME and command NAME run NAME's builtin.
	for len(args) > 1 && (args[0] == "builtin" || args[0] == "command") {
		args = args[1:]
	}
	if why := lineChangers[args[0]]; why != "" {
		return args[0] + ": " + why
	}
	for _, a := range args[1:] {
		if a == "PATH" && (args[0] == "unset" || args[0] == "read" || args[0] == "export" || args[0] == "readonly" ||
			args[0] == "declare" || args[0] == "typeset" || args[0] == "local" || args[0] == "mapfile" || args[0] == "printf") {
			return "it sets PATH, where the shell looks up terse"
		}
	}
	return ""
}

// Commands returns the words of every simple command of cmd, wherever it
// is (pipes, lists, substitutions, function bodies), Unknown for a word
// that needs expansion; an error when cmd does not parse.
func Commands(cmd string) ([][]string, error) {
	if err := checkNesting(cmd); err != nil {
		return nil, err
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return nil, err
	}
	var out [][]string
	syntax.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 {
			argv := make([]string, len(c.Args))
			for i, w := range c.Args {
				argv[i] = Value(w)
			}
			out = append(out, argv)
		}
		return true
	})
	return out, nil
}
