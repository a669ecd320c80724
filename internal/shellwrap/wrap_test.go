package shellwrap_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/internal/shellwrap"
)

const prefix = "terse run -- "

func known(t testing.TB) shellwrap.Known {
	t.Helper()
	set, err := profiles.Builtin()
	if err != nil {
		t.Fatal(err)
	}
	return func(argv []string) bool {
		prog, _ := commands.Program(argv)
		return prog != "terse" && set.ForArgv(argv) != nil
	}
}

func TestValue(t *testing.T) {
	for src, want := range map[string]string{
		`jest`:          "jest",
		`"jest"`:        "jest",
		`'a b'`:         "a b",
		`a\ b`:          "a b",
		`"a\"b\q"`:      `a"b\q`,
		`pre"mid"'end'`: "premidend",
		`$HOME`:         shellwrap.Unknown,
		`"$x"`:          shellwrap.Unknown,
		`$'a\tb'`:       shellwrap.Unknown,
		`$(jest)`:       shellwrap.Unknown,
		"a\\\nb":        "ab",
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		w := f.Stmts[0].Cmd.(*syntax.CallExpr).Args[0]
		if got := shellwrap.Value(w); got != want {
			t.Errorf("Value(%s) = %q, want %q", src, got, want)
		}
	}
}

func TestRewriteReportsParseErrors(t *testing.T) {
	r, err := shellwrap.Rewrite("jest 'open", prefix, func([]string) bool { return true })
	if err == nil || r.Changed() || r.Command != "jest 'open" {
		t.Errorf("unparsable command: %+v, %v", r, err)
	}
}

// checkRewrite holds a rewrite to its promise: the original with the prefix
// inserted before the wrapped simple commands and nothing else changed.
func checkRewrite(t *testing.T, cmd string, r shellwrap.Result) {
	t.Helper()
	if !r.Changed() {
		if r.Command != cmd {
			t.Fatalf("nothing wrapped, yet the command changed:\n%q\n%q", cmd, r.Command)
		}
		return
	}
	// Byte for byte: taking the inserted prefixes out gives the original.
	var back strings.Builder
	rest := r.Command
	last := 0
	for i, at := range r.At {
		if i > 0 && at <= r.At[i-1] {
			t.Fatalf("offsets not ascending: %v", r.At)
		}
		n := at - last
		if n < 0 || n > len(rest) || !strings.HasPrefix(rest[n:], prefix) {
			t.Fatalf("no prefix at offset %d of %q in %q", at, cmd, r.Command)
		}
		back.WriteString(rest[:n])
		rest = rest[n+len(prefix):]
		last = at
	}
	back.WriteString(rest)
	if back.String() != cmd {
		t.Fatalf("taking the prefixes out does not give the original:\n%q\n%q", cmd, back.String())
	}

	// Parsed again, the rewrite is the original's syntax tree with three
	// words (terse run --) before the first word of each wrapped command.
	parse := func(s string) *syntax.File {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(s), "")
		if err != nil {
			t.Fatalf("%q does not parse: %v", s, err)
		}
		return f
	}
	orig, again := parse(cmd), parse(r.Command)
	wrapped := map[int]bool{}
	for _, at := range r.At {
		wrapped[at] = true
	}
	injected := signature(parse("terse run -- x").Stmts[0].Cmd.(*syntax.CallExpr).Args[:3], nil)
	firstWords := map[*syntax.Word]bool{}
	syntax.Walk(orig, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && len(c.Args) > 0 && wrapped[int(c.Args[0].Pos().Offset())] {
			firstWords[c.Args[0]] = true
			delete(wrapped, int(c.Args[0].Pos().Offset()))
		}
		return true
	})
	if len(wrapped) > 0 {
		t.Fatalf("offsets %v of %q are not at a simple command's first word", wrapped, cmd)
	}
	want := signature([]syntax.Node{orig}, func(w *syntax.Word) []string {
		if firstWords[w] {
			return injected
		}
		return nil
	})
	got := signature([]syntax.Node{again}, nil)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("rewrite of %q changed more than the inserted words:\n%q\ngot  %v\nwant %v", cmd, r.Command, got, want)
	}
}

// signature lists a syntax tree's nodes with their kinds and values, without
// positions. before, when given, adds tokens before a word.
func signature[N syntax.Node](nodes []N, before func(*syntax.Word) []string) []string {
	var out []string
	for _, n := range nodes {
		syntax.Walk(n, func(n syntax.Node) bool {
			switch n := n.(type) {
			case nil:
				return true
			case *syntax.Word:
				if before != nil {
					out = append(out, before(n)...)
				}
				out = append(out, "word")
			case *syntax.Lit:
				out = append(out, "lit:"+n.Value)
			case *syntax.SglQuoted:
				out = append(out, fmt.Sprintf("sgl:%v:%s", n.Dollar, n.Value))
			case *syntax.DblQuoted:
				out = append(out, fmt.Sprintf("dbl:%v", n.Dollar))
			case *syntax.BinaryCmd:
				out = append(out, "bin:"+n.Op.String())
			case *syntax.Redirect:
				out = append(out, "redir:"+n.Op.String())
			case *syntax.Stmt:
				out = append(out, fmt.Sprintf("stmt:%v:%v:%v", n.Negated, n.Background, n.Coprocess))
			case *syntax.Assign:
				out = append(out, fmt.Sprintf("assign:%v:%v", n.Append, n.Naked))
			case *syntax.ParamExp:
				out = append(out, fmt.Sprintf("param:%v:%v:%v", n.Short, n.Excl, n.Length))
			case *syntax.Comment:
				out = append(out, "comment:"+n.Text)
			default:
				out = append(out, fmt.Sprintf("%T", n))
			}
			return true
		})
	}
	return out
}

var seeds = []string{
	"jest", "npx jest --ci", "cd web && npx jest", "CI=1 pytest -q", "FOO=\"a b\" go test ./...",
	"jest | tee log", "npx jest 2>&1 | terse", "time jest", "(cd x && pytest) || echo no",
	"out=$(jest)", "jest &", "pytest -q - <<'EOF'\ndef test_x(): pass\nEOF\n", "if jest; then pytest; fi",
	"for f in *.py; do pytest \"$f\"; done", "terse run -- jest", "jest >out 2>&1", "jest 2>&1",
	"case $x in a) jest;; esac", "! go test ./... && echo ok # done", "npx jest \\\n --ci",
	"{ jest; pytest; } | cat", "while pytest; do :; done", "env CI=1 jest; python -m pytest",
	"jest <<< \"$in\"", "pnpm -C web exec jest", "sudo jest", "`jest`", "echo $(jest) ; jest",
}

func TestRewriteSeeds(t *testing.T) {
	k := known(t)
	for _, cmd := range seeds {
		r, err := shellwrap.Rewrite(cmd, prefix, k)
		if err != nil {
			t.Errorf("%q: %v", cmd, err)
			continue
		}
		checkRewrite(t, cmd, r)
	}
}

// FuzzRewrite parses every rewrite again: it must be the original with
// `terse run -- ` inserted before the wrapped simple commands and nothing
// else changed; and rewriting it again changes nothing (already wrapped).
func FuzzRewrite(f *testing.F) {
	for _, s := range seeds {
		f.Add(s)
	}
	// Nesting deep enough to overflow the parser's stack (nesting_test.go).
	for _, c := range nests {
		f.Add(nested(c.open, c.mid, c.close, 200_000))
	}
	k := known(f)
	f.Fuzz(func(t *testing.T, cmd string) {
		r, err := shellwrap.Rewrite(cmd, prefix, k)
		if err != nil {
			if r.Command != cmd || r.Changed() {
				t.Fatalf("a command that does not parse came back changed: %q", r.Command)
			}
			return
		}
		checkRewrite(t, cmd, r)
		if r.Changed() {
			r2, err := shellwrap.Rewrite(r.Command, prefix, k)
			if err != nil || r2.Changed() {
				t.Fatalf("rewriting %q again: %q, %v", r.Command, r2.Command, err)
			}
		}
	})
}
