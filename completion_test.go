//go:build unix

package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// bashCompletionLib is the bash-completion package's library, which the
// script urfave/cli writes for bash needs (_get_comp_words_by_ref).
const bashCompletionLib = "/usr/share/bash-completion/bash_completion"

// TestCompletionBash sources `terse completion bash` in a real bash and
// completes as bash does on TAB: the words in COMP_WORDS, the completion
// function registered for terse, the candidates in COMPREPLY. terse is this
// test binary (TestMain puts it on PATH).
func TestCompletionBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	if _, err := os.Stat(bashCompletionLib); err != nil {
		t.Skip("no bash-completion package (apt-get install bash-completion)")
	}
	script := `set -u
source ` + bashCompletionLib + `
source <(terse completion bash)
fn=$(complete -p terse) || exit 1
fn=${fn#*-F }; fn=${fn%% *}
tab() {
  COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
  COMPREPLY=(); "$fn" terse "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
  echo "$*|${COMPREPLY[*]}"
}
tab terse pro
tab terse ver
tab terse --li
tab terse run --pro
tab terse show 17 --off
tab terse completion f
`
	out, err := exec.Command("bash", "--norc", "--noprofile", "-c", script).CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	want := strings.Join([]string{
		"terse pro|profiles",
		"terse ver|verify version",
		"terse --li|--limit",
		"terse run --pro|--profile",
		"terse show 17 --off|--offset",
		"terse completion f|fish",
	}, "\n") + "\n"
	if string(out) != want {
		t.Errorf("completions:\n%s\nwant:\n%s", out, want)
	}
}
