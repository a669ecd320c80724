package agents

import (
	"regexp"
	"strings"
)

// Claude Code matches its permission rules against the command a hook
// returns. A rewrite must leave the outcome of the call (run, ask, deny)
// exactly as it was without terse: the rewritten command matches none of
// the rules the user wrote for the original, so in every mode that consults
// rules the hook either vouches for the call with the user's own allow rule
// or leaves the command alone.

// Permission modes of the PreToolUse payload (permission_mode).
const (
	ModeDefault     = "default"
	ModeAcceptEdits = "acceptEdits"
	ModeDontAsk     = "dontAsk"
	ModePlan        = "plan"
	ModeBypass      = "bypassPermissions"
)

// Verdict is what the hook does with a command it could rewrite.
type Verdict int

const (
	// LeaveAlone: the original goes to Claude Code's own checks.
	LeaveAlone Verdict = iota
	// RewriteOnly: rewrite and let Claude Code decide as it would have
	// (bypassPermissions, where no allow rule is consulted).
	RewriteOnly
	// RewriteAllow: rewrite and answer "allow", because an allow rule of
	// the user's allows exactly the original command.
	RewriteAllow
)

// Judge decides, for a command the hook would rewrite, what keeps the
// permission outcome unchanged. rule names the allow rule relied on, or why
// the command is left alone.
func (r Rules) Judge(mode, original, rewritten string) (Verdict, string) {
	if rule, ok := r.Guard(original, rewritten); ok {
		return LeaveAlone, "the rule " + rule + " could match it"
	}
	switch mode {
	case ModeBypass:
		if r.NoBypass {
			// Claude Code would not be in this mode: what it is in
			// instead is not known here.
			return LeaveAlone, "bypassPermissions is disabled by disableBypassPermissionsMode"
		}
		return RewriteOnly, "bypassPermissions"
	case ModeDefault, ModeAcceptEdits, ModeDontAsk:
	default:
		// plan, auto, a mode this hook does not know, or none given.
		return LeaveAlone, "permission mode " + quoteMode(mode) + " is not judged by rules alone"
	}
	return r.judgeParts(original)
}

func quoteMode(mode string) string {
	if mode == "" {
		return "(none)"
	}
	return mode
}

// simpleCommand reports whether cmd is one command with plain words: no
// operator, redirection, substitution, glob, variable or assignment, nothing
// that Claude Code would split or treat specially before matching. Quotes
// are refused too: the rule text is matched against the command as typed,
// and quoting is where two readings could differ.
func simpleCommand(cmd string) bool {
	cmd = strings.TrimSpace(cmd)
	if cmd == "" || strings.ContainsAny(cmd, ";&|<>()$`{}[]*?!#~\\'\"\n\r\t") {
		return false
	}
	first, _, _ := strings.Cut(cmd, " ")
	return !strings.Contains(first, "=")
}

// allowMatches reports whether an allow rule's content (the text inside
// Bash(...)) allows cmd, under Claude Code's three rule forms: exact
// (`npm test`), legacy prefix (`npm run test:*`: the prefix alone or
// followed by a space) and wildcard (`git * main`: each `*` any run of
// characters; a single trailing ` *` also matches nothing, so `ls *`
// allows `ls`). It never reads a rule more widely than Claude Code does.
func allowMatches(rule, cmd string) bool {
	rule, cmd = strings.TrimSpace(rule), strings.TrimSpace(cmd)
	if rule == "" || rule == "*" {
		return rule == "*"
	}
	if prefix, ok := strings.CutSuffix(rule, ":*"); ok && !strings.Contains(prefix, "*") {
		return cmd == prefix || strings.HasPrefix(cmd, prefix+" ")
	}
	if !strings.Contains(rule, "*") {
		return cmd == rule
	}
	return wildcardRe(rule).MatchString(cmd)
}

// wildcardRe compiles a wildcard rule to an anchored expression.
func wildcardRe(rule string) *regexp.Regexp {
	optionalTail := strings.Count(rule, "*") == 1 && strings.HasSuffix(rule, " *")
	if optionalTail {
		rule = strings.TrimSuffix(rule, " *")
	}
	parts := strings.Split(rule, "*")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	expr := "^" + strings.Join(parts, ".*")
	if optionalTail {
		expr += "(?: .*)?"
	}
	return regexp.MustCompile("(?s)" + expr + "$")
}
