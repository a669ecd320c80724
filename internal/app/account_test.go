package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/tokens"
)

func TestStatsLine(t *testing.T) {
	exact := statsLine(tokens.Tally{Encoding: "o200k_base", Bytes: 12351, Tokens: 3491, Counted: 12351, Exact: true},
		tokens.Tally{Encoding: "o200k_base", Bytes: 2030, Tokens: 612, Counted: 2030, Exact: true})
	if want := "terse: raw 3,491 tokens (12,351 bytes) -> shaped 612 tokens (2,030 bytes): 2,879 saved (82.5%), o200k_base"; exact != want {
		t.Errorf("exact:\n%s\nwant\n%s", exact, want)
	}
	est := statsLine(tokens.Tally{Encoding: "o200k_base", Bytes: 100 << 20, Tokens: 44000000, Counted: 16 << 20},
		tokens.Tally{Encoding: "o200k_base", Bytes: 4000, Tokens: 1228, Counted: 4000, Exact: true})
	if want := "terse: raw ~44,000,000 tokens (104,857,600 bytes; est.: first 16 MiB counted, the rest extrapolated) -> shaped 1,228 tokens (4,000 bytes): ~43,998,772 saved (100.0%), o200k_base"; est != want {
		t.Errorf("estimated:\n%s\nwant\n%s", est, want)
	}
}

// TestStatsLargeInput: beyond the exact limit the raw count is
// extrapolated, and both --stats and the ledger say so.
func TestStatsLargeInput(t *testing.T) {
	one, err := os.ReadFile("../../profiles/jest/testdata/captures/mixed.txt")
	if err != nil {
		t.Fatal(err)
	}
	in := bytes.Repeat(one, tokens.DefaultExactLimit/len(one)+200)
	state := t.TempDir()
	var out, errOut bytes.Buffer
	code := Main([]string{"terse", "--stats"}, Env{Stdin: bytes.NewReader(in), Stdout: &out, Stderr: &errOut,
		Getenv: func(k string) string {
			if k == "XDG_STATE_HOME" {
				return state
			}
			return ""
		}})
	if code != 1 { // the jest run failed: a pipe exits 1
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if !strings.Contains(errOut.String(), "est.: first 16 MiB counted, the rest extrapolated") || !strings.HasPrefix(errOut.String(), "terse: raw ~") {
		t.Errorf("stderr = %q, want a labelled estimate", errOut.String())
	}
	data, err := os.ReadFile(filepath.Join(state, "terse", "ledger.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"estimated":true`) {
		t.Errorf("ledger entry %s is not marked estimated", data)
	}
}
