package agents

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Claude Code splits a compound command line (&&, ||, ;, a newline, a pipe)
// and asks its rules about each part: the line runs without a prompt when
// every part is allowed. The hook vouches for a rewritten line (answers
// "allow") only when each part, as written, is allowed by one of the
// user's allow rules under the same exact matching as a single command
// (allowMatches): `cd sub && go test ./...` with Bash(cd:*) and Bash(go
// test:*). A part must be a plain simple command: words with none of the
// characters a shell or Claude Code reads specially, and at most a `2>&1`
// after them, which is matched as written (Bash(go test:*) allows `go test
// ./... 2>&1`; an exact rule for `go test ./...` does not).

// ruleParts returns the parts of cmd Claude Code matches its rules
// against, each as written; ok is false when cmd is anything but plain
// simple commands joined by && || ; newlines and pipes.
func ruleParts(cmd string) ([]string, bool) {
	if strings.TrimSpace(cmd) == "" || strings.ContainsAny(cmd, "\r\\'\"`$") {
		return nil, false
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(cmd), "")
	if err != nil || len(f.Stmts) == 0 {
		return nil, false
	}
	v := partsVisitor{cmd: cmd, ok: true}
	for _, s := range f.Stmts {
		v.visit(s)
	}
	return v.parts, v.ok && len(v.parts) > 0
}

// partsVisitor collects the parts of a command line (ruleParts).
type partsVisitor struct {
	cmd   string
	parts []string
	ok    bool
}

func (v *partsVisitor) visit(s *syntax.Stmt) {
	if !v.ok {
		return
	}
	if s.Background || s.Coprocess || s.Negated || s.Disown {
		v.ok = false
		return
	}
	switch c := s.Cmd.(type) {
	case *syntax.BinaryCmd:
		if len(s.Redirs) > 0 || (c.Op != syntax.AndStmt && c.Op != syntax.OrStmt && c.Op != syntax.Pipe) {
			v.ok = false
			return
		}
		v.visit(c.X)
		v.visit(c.Y)
	case *syntax.CallExpr:
		// The statement's end takes in a `;` after it: the command
		// and its redirections end the part.
		end := c.End().Offset()
		for _, r := range s.Redirs {
			end = max(end, r.End().Offset())
		}
		part := v.cmd[s.Pos().Offset():end]
		if !plainPart(part, s) {
			v.ok = false
			return
		}
		v.parts = append(v.parts, part)
	default:
		v.ok = false
	}
}

// plainPart reports whether a simple command is plain words, with at most
// one `2>&1` redirection, last.
func plainPart(text string, s *syntax.Stmt) bool {
	words := strings.TrimSpace(text)
	switch len(s.Redirs) {
	case 0:
	case 1:
		var ok bool
		if words, ok = strings.CutSuffix(words, " 2>&1"); !ok {
			return false
		}
	default:
		return false
	}
	return simpleCommand(words) || assignedCommand(words)
}

// assignedCommand is simpleCommand for a command with VAR=value words in
// front (`FOO=1 npm test`), matched as written: a rule must name them.
func assignedCommand(cmd string) bool {
	cmd = strings.TrimSpace(cmd)
	return cmd != "" && !strings.ContainsAny(cmd, ";&|<>()$`{}[]*?!#~\\'\"\n\r\t")
}

// judgeParts allows a command line when an allow rule allows each of its
// parts (see ruleParts), and names the rules relied on.
func (r Rules) judgeParts(original string) (Verdict, string) {
	parts, ok := ruleParts(original)
	if !ok {
		return LeaveAlone, "only plain simple commands joined by && || ; or a pipe are judged (no quotes, substitutions, redirections but 2>&1, subshells)"
	}
	var used []string
	for _, part := range parts {
		rule, found := "", false
		for _, a := range r.Allow {
			if allowMatches(a, part) {
				rule, found = a, true
				break
			}
		}
		if !found {
			return LeaveAlone, "no allow rule allows `" + strings.TrimSpace(part) + "`"
		}
		if !contains(used, "Bash("+rule+")") {
			used = append(used, "Bash("+rule+")")
		}
	}
	return RewriteAllow, strings.Join(used, " and ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
