package app

import (
	"os"
	"strings"
	"testing"
)

// Each shell's script is printed whole and registers itself for terse.
func TestCompletionScripts(t *testing.T) {
	registers := map[string]string{
		"bash": "complete -o bashdefault -o default -F __terse_bash_autocomplete terse\n",
		"zsh":  "compdef _terse terse\n",
		"fish": "complete -c terse -f -a '(__terse_perform_completion)'\n",
		"pwsh": "Register-ArgumentCompleter",
	}
	for shell, line := range registers {
		vars, _ := stateVars(t)
		r := runTerse(t, false, vars, "completion", shell)
		if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, line) {
			t.Errorf("terse completion %s: exit %d, stderr %q, no %q in\n%s", shell, r.code, r.stderr, line, r.stdout)
		}
		if strings.Contains(r.stdout, "%!") {
			t.Errorf("terse completion %s: a format verb was left in the script", shell)
		}
	}
}

func TestCompletionUsageErrors(t *testing.T) {
	cases := map[string][]string{
		"terse: name a shell: terse completion bash|zsh|fish|pwsh\n":                    {"completion"},
		"terse: unknown shell \"tcsh\": use bash, zsh, fish or pwsh\n":                  {"completion", "tcsh"},
		"terse: flag provided but not defined: -x (see terse completion bash --help)\n": {"completion", "bash", "-x"},
		"terse: flag provided but not defined: -x (see terse completion --help)\n":      {"completion", "-x"},
	}
	for want, args := range cases {
		vars, _ := stateVars(t)
		r := runTerse(t, false, vars, args...)
		if r.code != 2 || r.stdout != "" || r.stderr != want {
			t.Errorf("terse %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(args, " "), r.code, r.stdout, r.stderr, want)
		}
	}
}

// The scripts ask terse for candidates: the words typed so far and
// --generate-shell-completion. The answer is one "word:description" a line.
func TestCompletionCandidates(t *testing.T) {
	cases := []struct {
		args []string
		want []string // words each answer holds
	}{
		// The root's candidates come from os.Args, not Main's arguments
		// (urfave/cli reads them there): testdata/script/completion.txtar
		// checks them in a real process.
		{[]string{"run", "--"}, []string{"--limit", "--profile"}},
		{[]string{"completion"}, []string{"bash", "zsh", "fish"}},
		// show and last take their run id before flags; the request stays
		// last, where urfave/cli looks for it.
		{[]string{"show", "17", "--off"}, []string{"--offset"}},
		{[]string{"last", "--l"}, []string{"--limit", "--llm"}},
	}
	for _, c := range cases {
		vars, _ := stateVars(t)
		r := runTerse(t, false, vars, append(c.args, "--generate-shell-completion")...)
		words := map[string]bool{}
		for _, l := range strings.Split(r.stdout, "\n") {
			w, _, _ := strings.Cut(l, ":")
			words[w] = true
		}
		for _, w := range c.want {
			if r.code != 0 || !words[w] {
				t.Errorf("terse %s --generate-shell-completion: exit %d, no %q in %q (stderr %q)",
					strings.Join(c.args, " "), r.code, w, r.stdout, r.stderr)
			}
		}
	}
}

// A completion request never runs the command being typed.
func TestCompletionRunsNothing(t *testing.T) {
	vars, runs := stateVars(t)
	r := runTerse(t, false, vars, "run", "sh", "-c", "echo ran", "--generate-shell-completion")
	if r.code != 0 || r.stdout != "" || r.stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want nothing", r.code, r.stdout, r.stderr)
	}
	if _, err := os.Stat(runs); !os.IsNotExist(err) {
		t.Errorf("a run was saved (%v)", err)
	}
}
