package agents

import _ "embed"

// Skill is the skill file that teaches an agent to read terse's output: the
// exit code first, how to fetch what was omitted, TERSE_DISABLE and
// LLM_OUTPUT. It is short on purpose: every token of it is paid in every
// session that loads it (196 tokens by @anthropic-ai/tokenizer).
//
//go:embed skill.md
var Skill string
