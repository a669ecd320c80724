package shellwrap

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A rewrite must not change what runs. `terse run -- cd sub` runs cd in a
// child process, where it changes nothing; `terse run -- pytest` runs the
// pytest program, where a shell function or alias named pytest would have
// run. So builtins and keywords are never wrapped, whatever a profile
// claims, and neither is a name the command line itself defines as a
// function or an alias. (Functions and aliases the shell brought from
// elsewhere, an rc file, cannot be seen here.)

// shellBuiltins are bash's builtins and reserved words, and zsh's where they
// differ (precommand modifiers such as noglob included): a command with one
// of these names runs inside the shell, or changes how the rest of the line
// runs, and is never wrapped.
var shellBuiltins = func() map[string]bool {
	m := map[string]bool{}
	for _, list := range []string{
		// bash builtins
		". : [ alias bg bind break builtin caller cd command compgen complete compopt continue " +
			"declare dirs disown echo enable eval exec exit export false fc fg getopts hash help " +
			"history jobs kill let local logout mapfile popd printf pushd pwd read readarray " +
			"readonly return set shift shopt source suspend test times trap true type typeset " +
			"ulimit umask unalias unset wait",
		// reserved words
		"! [[ ]] { } case coproc do done elif else esac fi for function if in select then time until while",
		// zsh: precommand modifiers and builtins bash lacks
		"- nocorrect noglob autoload bindkey emulate functions integer float print rehash " +
			"repeat setopt unsetopt whence where which zmodload zstyle",
	} {
		for _, name := range strings.Fields(list) {
			m[name] = true
		}
	}
	return m
}()

// IsShellBuiltin reports whether name is a shell builtin or reserved word
// (bash's, or zsh's): a command that must run in the shell itself, never
// through a wrapper program.
func IsShellBuiltin(name string) bool { return shellBuiltins[name] }

// definitions are the names a command line defines as functions or aliases.
type definitions struct {
	names map[string]bool
	// unknown: a definition whose name is only known when the shell expands
	// it (alias "$n"=...): it could be any name.
	unknown bool
}

// defines reports whether name may be defined as a function or an alias.
func (d definitions) defines(name string) bool { return d.unknown || d.names[name] }

// definedNames collects the functions and aliases the command line defines,
// anywhere in it (before or after a use: a definition in a loop or a
// function body runs in an order the text does not tell).
func definedNames(f *syntax.File) definitions {
	d := definitions{names: map[string]bool{}}
	syntax.Walk(f, func(node syntax.Node) bool {
		switch n := node.(type) {
		case *syntax.FuncDecl:
			if n.Name != nil {
				d.names[n.Name.Value] = true
			}
		case *syntax.CallExpr:
			d.aliases(n.Args)
		}
		return true
	})
	return d
}

// aliases records the names an alias command (alias, builtin alias,
// command alias) defines: each NAME=VALUE argument.
func (d *definitions) aliases(args []*syntax.Word) {
	i := 0
	for i < len(args) && (Value(args[i]) == "builtin" || Value(args[i]) == "command") {
		i++
	}
	if i >= len(args) || Value(args[i]) != "alias" {
		return
	}
	for _, w := range args[i+1:] {
		v := Value(w)
		name, _, ok := strings.Cut(v, "=")
		switch {
		case v == Unknown:
			// "$x" may expand to NAME=VALUE; a partly literal word may too.
			if lit := literalPrefix(w); strings.Contains(lit, "=") {
				d.names[lit[:strings.Index(lit, "=")]] = true
			} else {
				d.unknown = true
			}
		case ok:
			d.names[name] = true
		}
	}
}

// literalPrefix is the leading unquoted literal text of a word ("" when it
// starts with anything else).
func literalPrefix(w *syntax.Word) string {
	if len(w.Parts) == 0 {
		return ""
	}
	if lit, ok := w.Parts[0].(*syntax.Lit); ok {
		return unescape(lit.Value, false)
	}
	return ""
}
