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
	// Refused says why the whole command line was left alone when it
	// was for a reason other than a parse error ("" otherwise): what runs
	// could change if any of it were wrapped.
	Refused string
}

// Changed reports whether anything was wrapped.
func (r Result) Changed() bool { return len(r.At) > 0 }

// Options says what RewriteOpts wraps, and with what.
type Options struct {
	// Prefix is inserted before each command wrapped ("terse run -- ").
	Prefix string
	// Known says which simple commands run a tool worth wrapping.
	Known Known
	// Fitted, when set, is the prefix for a command whose output, both
	// streams merged, only a `tail` or `head` of lines lines reads
	// (`go test ./... 2>&1 | tail -30`): the wrapper fits its page to
	// those lines and the pipe stays. Nil: such a command is left alone,
	// as every command on the writing side of a pipe.
	Fitted func(lines int) string
	// Skip, when set, is told of every simple command that runs a program
	// and is left alone, and why.
	Skip func(argv []string, why string)
}

// Rewrite parses cmd as bash and inserts prefix (for example
// "terse run -- ") before every simple command known accepts, where its
// output is not captured. A command already run by the prefix's program is
// not wrapped again. When cmd does not parse, or could nest deeper than
// the parser can safely go (ErrTooDeep), the error says why and the result
// is cmd unchanged.
func Rewrite(cmd, prefix string, known Known) (Result, error) {
	return RewriteOpts(cmd, Options{Prefix: prefix, Known: known})
}

// RewriteOpts is Rewrite with its options given. A command line that
// changes how the commands after it run in ways a wrapper would not carry
// over (see refusal) is left alone whole; Result.Refused says why.
func RewriteOpts(cmd string, o Options) (Result, error) {
	unchanged := Result{Command: cmd}
	if err := checkNesting(cmd); err != nil {
		return unchanged, err
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return unchanged, fmt.Errorf("parsing the command: %w", err)
	}
	if why := refusal(f); why != "" {
		unchanged.Refused = why
		return unchanged, nil
	}
	w := walker{opt: o, self: programBase(firstField(o.Prefix)), defined: definedNames(f), seen: map[*syntax.CallExpr]bool{}}
	if w.defined.defines(w.self) {
		// The wrapper itself would not be what runs.
		unchanged.Refused = "the command line defines " + w.self + " itself"
		return unchanged, nil
	}
	w.stmts(f.Stmts, "")
	w.unseen(f)
	if len(w.sites) == 0 {
		return unchanged, nil
	}
	sort.Slice(w.sites, func(i, j int) bool { return w.sites[i].at < w.sites[j].at })
	var b strings.Builder
	last := 0
	at := make([]int, len(w.sites))
	for i, s := range w.sites {
		b.WriteString(cmd[last:s.at])
		b.WriteString(s.prefix)
		last = s.at
		at[i] = s.at
	}
	b.WriteString(cmd[last:])
	return Result{Command: b.String(), At: at}, nil
}

type site struct {
	at     int
	prefix string
}

type walker struct {
	opt     Options
	self    string      // the wrapper's program: already wrapped when a command runs it
	defined definitions // functions and aliases the command line defines
	sites   []site
	seen    map[*syntax.CallExpr]bool // the simple commands walked
}

// Why a command's output does not reach the reader of the command line
// ("" when it does).
const (
	inPipe       = "its output goes into a pipe (the reader wants the raw text)"
	redirected   = "its standard output or error is redirected"
	inBackground = "it runs in the background"
	stdinClosed  = "its standard input is closed (a wrapper would give it /dev/null)"
)

func (w *walker) stmts(list []*syntax.Stmt, captured string) {
	for _, s := range list {
		w.stmt(s, captured)
	}
}

// stmt visits one statement. captured says why the statement's output goes
// somewhere other than the reader of the command line ("" when it does not).
func (w *walker) stmt(s *syntax.Stmt, captured string) {
	if s == nil || s.Cmd == nil {
		return
	}
	// A background job's output arrives whenever, interleaved or read later
	// from elsewhere; a coprocess's goes to its reader.
	if s.Background || s.Coprocess || s.Disown {
		captured = inBackground
	}
	if captured == "" && redirectsOutput(s.Redirs) {
		captured = redirected
	}
	if captured == "" && closesStdin(s.Redirs) {
		captured = stdinClosed
	}
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		w.call(c, captured, w.opt.Prefix)
	case *syntax.BinaryCmd:
		w.binary(c, captured)
	default:
		w.compound(c, captured)
	}
}

// binary visits both sides of a pipe or a list (&&, ||). What matters is
// who reads each side's output.
func (w *walker) binary(c *syntax.BinaryCmd, captured string) {
	switch c.Op {
	case syntax.Pipe, syntax.PipeAll:
		// The writing side's output is the reader program's input: it
		// wants the raw text; unless that reader is a tail or head that
		// only bounds it, and the wrapper can fit its page to the bound.
		if captured == "" && w.opt.Fitted != nil {
			if call, lines := w.fittedWriter(c); call != nil {
				w.call(call, "", w.opt.Fitted(lines))
				w.stmt(c.Y, captured)
				return
			}
		}
		w.stmt(c.X, inPipe)
		w.stmt(c.Y, captured)
	default: // && and ||
		w.stmt(c.X, captured)
		w.stmt(c.Y, captured)
	}
}

// compound visits the statements a compound command holds: their output
// goes where the compound's goes.
func (w *walker) compound(cmd syntax.Command, captured string) {
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

// call wraps a simple command with prefix when it runs a known tool and
// its output reaches the reader (captured is ""); else it says why not.
func (w *walker) call(c *syntax.CallExpr, captured, prefix string) {
	w.seen[c] = true
	if len(c.Args) == 0 {
		return // only assignments
	}
	argv := make([]string, len(c.Args))
	for i, word := range c.Args {
		argv[i] = Value(word)
	}
	why := captured
	switch {
	case why != "":
	case argv[0] == Unknown:
		why = "its program is only known when the shell expands it"
	case programBase(argv[0]) == w.self:
		why = "it already runs " + w.self
	case IsShellBuiltin(argv[0]):
		// A builtin must run in the shell.
		why = "a shell builtin or keyword"
	case w.defined.defines(argv[0]):
		// A function or alias of the command line's own would not run
		// wrapped (see defined.go).
		why = "the command line defines it as a function or alias"
	case !w.opt.Known(argv):
		why = "not a command terse wraps"
	}
	if why != "" {
		w.skip(argv, why)
		return
	}
	w.sites = append(w.sites, site{at: int(c.Args[0].Pos().Offset()), prefix: prefix})
}

func (w *walker) skip(argv []string, why string) {
	if w.opt.Skip != nil {
		w.opt.Skip(argv, why)
	}
}

// unseen says why of the simple commands the walk did not reach: in a
// command or process substitution, a function body, a declaration.
func (w *walker) unseen(f *syntax.File) {
	if w.opt.Skip == nil {
		return
	}
	syntax.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && !w.seen[c] && len(c.Args) > 0 {
			argv := make([]string, len(c.Args))
			for i, word := range c.Args {
				argv[i] = Value(word)
			}
			w.skip(argv, "its output is captured (a command or process substitution) or it runs from a function body")
		}
		return true
	})
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
