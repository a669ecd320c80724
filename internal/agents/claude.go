package agents

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/terse-dev/terse/internal/shellwrap"
)

// claudeInput is the part of a Claude Code PreToolUse payload the hook reads
// (https://code.claude.com/docs/en/hooks#pretooluse-input).
type claudeInput struct {
	HookEventName  string          `json:"hook_event_name"`
	ToolName       string          `json:"tool_name"`
	PermissionMode string          `json:"permission_mode"`
	Cwd            string          `json:"cwd"`
	ToolInput      json.RawMessage `json:"tool_input"`
	// SessionID and AgentID name the reader of the command's output: the
	// session, and within it the subagent that runs the command, if one
	// does (see withSession).
	SessionID string `json:"session_id"`
	AgentID   string `json:"agent_id"`
}

// ClaudeHook answers Claude Code's PreToolUse hook for the Bash tool.
type ClaudeHook struct {
	// Known says which simple commands to wrap (Tools of the profiles).
	Known shellwrap.Known
	// Reach, when set, replaces Known: the decision for a call in cwd,
	// which reads the project's scripts and targets there.
	Reach func(cwd string) *Reach
	// Note, when set, is told why a call or a command of it was left
	// alone (TERSE_HOOK_DEBUG).
	Note func(format string, a ...any)
	// Rules returns the Bash deny and ask rules of the settings Claude
	// Code reads for a session in cwd (see ClaudeSettingsPaths).
	Rules func(cwd string) (Rules, error)
	// Getenv reads Claude Code's environment (nil: none), for the
	// timeout that kills a call (see killDeadline).
	Getenv func(string) string
}

// killDeadline is when Claude Code kills the call, for a call it kills at
// its timeout: with background tasks off (CLAUDE_CODE_DISABLE_BACKGROUND_TASKS)
// a call past its timeout is killed and the model gets what the command
// printed by then; otherwise it is moved to the background and read whole
// later, and there is no deadline (0). The timeout is the call's own
// (tool_input.timeout, ms), else BASH_DEFAULT_TIMEOUT_MS, else 2 minutes.
func (h ClaudeHook) killDeadline(input *object) time.Duration {
	if h.Getenv == nil {
		return 0
	}
	switch strings.ToLower(strings.TrimSpace(h.Getenv("CLAUDE_CODE_DISABLE_BACKGROUND_TASKS"))) {
	case "", "0", "false", "no", "off":
		return 0
	}
	ms := 120000.0
	if v, err := strconv.ParseFloat(strings.TrimSpace(h.Getenv("BASH_DEFAULT_TIMEOUT_MS")), 64); err == nil && v > 0 {
		ms = v
	}
	if raw, ok := input.get("timeout"); ok {
		var v float64
		if json.Unmarshal(raw, &v) == nil && v > 0 {
			ms = v
		}
	}
	return time.Duration(ms) * time.Millisecond
}

// rewrite rewrites cmd with prefix for a call in cwd, and tells Note why
// each command it leaves alone is left alone.
func (h ClaudeHook) rewrite(cmd, prefix, cwd string) (string, bool) {
	known, reason := h.Known, func([]string) string { return "" }
	if h.Reach != nil {
		r := h.Reach(cwd)
		known, reason = r.Known(), r.Why
	}
	call := RewriteCall(cmd, prefix, known, reason)
	if h.Note != nil {
		for _, l := range call.Left {
			h.Note("left alone: %s", l)
		}
	}
	return call.Command, call.Changed
}

// errNotBash marks a payload the hook has nothing to say about.
var errNotBash = errors.New("not a Bash PreToolUse call")

// Answer returns what the hook prints for a payload, or nil to print
// nothing, which leaves the call exactly as Claude sent it. The answer
// replaces the tool input with the command rewritten (every other field of
// the input kept as it was: updatedInput replaces the whole input). The
// permission outcome is the one the original would have had (see Judge):
// in bypassPermissions the rewrite carries no decision; in the modes that
// consult rules a command is rewritten only when one of the user's allow
// rules allows the original exactly, and the answer then says "allow" so
// that the rewrite is not asked about; everything else, and any command a
// deny or ask rule could match, is left unchanged. An error is for the log:
// the answer is nil then too.
func (h ClaudeHook) Answer(payload []byte) ([]byte, error) {
	var in claudeInput
	if err := json.Unmarshal(payload, &in); err != nil {
		return nil, fmt.Errorf("reading the hook payload: %w", err)
	}
	if (in.HookEventName != "" && in.HookEventName != "PreToolUse") || in.ToolName != "Bash" {
		return nil, errNotBash
	}
	input, err := parseObject(in.ToolInput)
	if err != nil {
		return nil, fmt.Errorf("reading tool_input: %w", err)
	}
	raw, ok := input.get("command")
	if !ok {
		return nil, errors.New("tool_input has no command")
	}
	var cmd string
	if err := json.Unmarshal(raw, &cmd); err != nil {
		return nil, fmt.Errorf("tool_input.command: %w", err)
	}
	// A call Claude runs in the background is read while it runs; shaped
	// output comes at the end only.
	if bg, ok := input.get("run_in_background"); ok && string(bg) == "true" {
		return nil, errors.New("left unchanged: it runs in the background")
	}
	prefix := Prefix
	if d := h.killDeadline(input); d > 0 {
		prefix = fmt.Sprintf("terse run --deadline %s -- ", d.Round(time.Millisecond))
	}
	prefix = withSession(prefix, in.SessionID, in.AgentID)
	rewritten, changed := h.rewrite(cmd, prefix, in.Cwd)
	if !changed {
		return nil, nil
	}
	var rules Rules
	if h.Rules != nil {
		if rules, err = h.Rules(in.Cwd); err != nil {
			return nil, fmt.Errorf("reading permission rules: %w", err)
		}
	}
	verdict, why := rules.Judge(in.PermissionMode, cmd, rewritten)
	if verdict == LeaveAlone {
		return nil, fmt.Errorf("left unchanged: %s", why)
	}
	v, err := marshal(rewritten)
	if err != nil {
		return nil, err
	}
	input.set("command", v)
	answer := struct {
		Out struct {
			Event    string  `json:"hookEventName"`
			Decision string  `json:"permissionDecision,omitempty"`
			Reason   string  `json:"permissionDecisionReason,omitempty"`
			Input    *object `json:"updatedInput"`
		} `json:"hookSpecificOutput"`
	}{}
	answer.Out.Event = "PreToolUse"
	if verdict == RewriteAllow {
		// The user's own rule allows this very command; the rewrite
		// must not turn it into a prompt.
		answer.Out.Decision = "allow"
		answer.Out.Reason = "terse run wraps a command your rule " + why + " allows"
	}
	answer.Out.Input = input
	out, err := marshal(answer)
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// withSession passes the reader of the output on to terse run (--session):
// its run-to-run delta shortens only failures this very reader read in
// full, and a subagent, with a context of its own, is another reader than
// its session. An id terse would have to quote is left out (the run then
// shows every failure in full).
func withSession(prefix, session, agent string) string {
	id := session
	if agent != "" {
		id += "/" + agent
	}
	if session == "" || len(id) > 200 || strings.IndexFunc(id, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._:/-", r))
	}) >= 0 {
		return prefix
	}
	return strings.Replace(prefix, "terse run ", "terse run --session "+id+" ", 1)
}
