// Package shellwrap puts a wrapper command (`terse run -- `) in front of the
// simple commands of a shell command line that run a known tool, and changes
// nothing else: the wrapper's text is inserted at each chosen command's first
// word in the original string, so quoting, redirections, environment
// assignments, comments and here-documents stay byte for byte as written.
//
// A command is wrapped only where its output reaches the reader of the whole
// command line: not on the writing side of a pipe, not inside a command or
// process substitution, not when its standard output or error is redirected
// to a file, not in the background, not in a function body (called from who
// knows where). A shell builtin or keyword is never wrapped, nor a command
// the command line itself defines as a function or an alias: the rewrite
// must not change what runs. A command line that does not parse, or could
// nest too deep to parse safely, is left alone.
package shellwrap

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Unknown stands for a word whose value is only known when the shell expands
// it ($VAR, $(cmd), globs are kept as written). It never names a program.
const Unknown = "\x00"

// Known reports whether a simple command, given as its words (Unknown for
// the ones that need expansion), runs a tool worth wrapping.
type Known func(argv []string) bool

// Result is a rewrite: the new command line and where the wrapper was
// inserted (byte offsets into the original, ascending).
type Result struct {
	Command string
	At      []int
}

// Changed reports whether anything was wrapped.
func (r Result) Changed() bool { return len(r.At) > 0 }

// Rewrite parses cmd as bash and inserts prefix (for example
// "terse run -- ") before every simple command known accepts, where its
// output is not captured. A command already run by the prefix's program is
// not wrapped again. When cmd does not parse, or could nest deeper than
// the parser can safely go (ErrTooDeep), the error says why and the result
// is cmd unchanged.
func Rewrite(cmd, prefix string, known Known) (Result, error) {
	unchanged := Result{Command: cmd}
	if err := checkNesting(cmd); err != nil {
		return unchanged, err
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return unchanged, fmt.Errorf("parsing the command: %w", err)
	}
	w := walker{known: known, self: programBase(firstField(prefix)), defined: definedNames(f)}
	if w.defined.defines(w.self) {
		return unchanged, nil // the wrapper itself would not be what runs
	}
	w.stmts(f.Stmts, false)
	if len(w.at) == 0 {
		return unchanged, nil
	}
	sort.Ints(w.at)
	var b strings.Builder
	b.Grow(len(cmd) + len(w.at)*len(prefix))
	last := 0
	for _, at := range w.at {
		b.WriteString(cmd[last:at])
		b.WriteString(prefix)
		last = at
	}
	b.WriteString(cmd[last:])
	return Result{Command: b.String(), At: w.at}, nil
}

type walker struct {
	known   Known
	self    string      // the wrapper's program: already wrapped when a command runs it
	defined definitions // functions and aliases the command line defines
	at      []int
}

func (w *walker) stmts(list []*syntax.Stmt, captured bool) {
	for _, s := range list {
		w.stmt(s, captured)
	}
}

// stmt visits one statement. captured is true when the statement's output
// goes somewhere other than the reader of the command line.
func (w *walker) stmt(s *syntax.Stmt, captured bool) {
	if s == nil || s.Cmd == nil {
		return
	}
	// A background job's output arrives whenever, interleaved or read later
	// from elsewhere; a coprocess's goes to its reader.
	if s.Background || s.Coprocess || s.Disown {
		return
	}
	captured = captured || redirectsOutput(s.Redirs)
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		if !captured {
			w.call(c)
		}
	case *syntax.BinaryCmd:
		w.binary(c, captured)
	default:
		w.compound(c, captured)
	}
}

// binary visits both sides of a pipe or a list (&&, ||). What matters is
// who reads each side's output.
func (w *walker) binary(c *syntax.BinaryCmd, captured bool) {
	switch c.Op {
	case syntax.Pipe, syntax.PipeAll:
		// The writing side's output is the reader program's input: it
		// wants the raw text.
		w.stmt(c.X, true)
		w.stmt(c.Y, captured)
	default: // && and ||
		w.stmt(c.X, captured)
		w.stmt(c.Y, captured)
	}
}

// compound visits the statements a compound command holds: their output
// goes where the compound's goes.
func (w *walker) compound(cmd syntax.Command, captured bool) {
	switch c := cmd.(type) {
	case *syntax.Subshell:
		w.stmts(c.Stmts, captured)
	case *syntax.Block:
		w.stmts(c.Stmts, captured)
	case *syntax.IfClause:
		for ; c != nil; c = c.Else {
			w.stmts(c.Cond, captured)
			w.stmts(c.Then, captured)
		}
	case *syntax.WhileClause:
		w.stmts(c.Cond, captured)
		w.stmts(c.Do, captured)
	case *syntax.ForClause:
		w.stmts(c.Do, captured)
	case *syntax.CaseClause:
		for _, item := range c.Items {
			w.stmts(item.Stmts, captured)
		}
	case *syntax.TimeClause:
		w.stmt(c.Stmt, captured)
	default:
		// Function bodies, declarations, tests, arithmetic, coprocesses:
		// nothing to wrap, or output whose reader cannot be known here.
	}
}

// call wraps a simple command when it runs a known tool.
func (w *walker) call(c *syntax.CallExpr) {
	if len(c.Args) == 0 {
		return // only assignments
	}
	argv := make([]string, len(c.Args))
	for i, word := range c.Args {
		argv[i] = Value(word)
	}
	if argv[0] == Unknown || programBase(argv[0]) == w.self {
		return
	}
	// A builtin must run in the shell, and a function or alias of the
	// command line's own would not run wrapped (see defined.go).
	if IsShellBuiltin(argv[0]) || w.defined.defines(argv[0]) {
		return
	}
	if !w.known(argv) {
		return
	}
	w.at = append(w.at, int(c.Args[0].Pos().Offset()))
}

// redirectsOutput reports whether redirections send standard output or
// standard error anywhere but to each other: a file, /dev/null, another
// descriptor, or closed. Input redirections and here-documents do not count.
func redirectsOutput(rs []*syntax.Redirect) bool {
	for _, r := range rs {
		fd := ""
		if r.N != nil {
			fd = r.N.Value
		}
		switch r.Op {
		case syntax.RdrIn, syntax.RdrInOut, syntax.DplIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
			if fd == "1" || fd == "2" {
				return true // 1<file reopens stdout
			}
		case syntax.DplOut:
			// 2>&1 and >&2 keep both streams on the reader; >&3, >&- and
			// bash's >&file do not.
			if fd != "" && fd != "1" && fd != "2" {
				continue // another descriptor's business
			}
			if t := Value(r.Word); t != "1" && t != "2" {
				return true
			}
		case syntax.RdrOut, syntax.AppOut, syntax.RdrClob, syntax.AppClob:
			if fd == "" || fd == "1" || fd == "2" {
				return true
			}
		default: // &> and friends: both streams to a file
			return true
		}
	}
	return false
}

// Value returns a word's value as the shell would pass it when the word needs
// no expansion (quotes and backslashes removed), else Unknown.
func Value(w *syntax.Word) string {
	if w == nil {
		return Unknown
	}
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(unescape(p.Value, false))
		case *syntax.SglQuoted:
			if p.Dollar {
				return Unknown // $'...' escapes
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return Unknown
			}
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return Unknown
				}
				b.WriteString(unescape(lit.Value, true))
			}
		default:
			return Unknown
		}
	}
	return b.String()
}

// unescape removes the backslashes the shell removes: before any character
// outside quotes, before $ ` " \ and newline inside double quotes. A
// backslash-newline is a line continuation and disappears.
func unescape(s string, quoted bool) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			b.WriteByte(s[i])
			continue
		}
		next := s[i+1]
		if quoted && !strings.ContainsRune("$`\"\\\n", rune(next)) {
			b.WriteByte('\\')
			continue
		}
		i++
		if next != '\n' {
			b.WriteByte(next)
		}
	}
	return b.String()
}

func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

// programBase is a program word's base name.
func programBase(p string) string {
	return filepath.Base(strings.ReplaceAll(p, `\`, "/"))
}
