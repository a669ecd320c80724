package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/terse-dev/terse/internal/app"
)

// TestReadmeExamples runs every ```console example of README.md and the
// pages of docs/ whose command is `terse ARGS < FILE` and checks the output
// printed there is what terse prints now.
func TestReadmeExamples(t *testing.T) {
	pages, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	for _, page := range append([]string{"README.md"}, pages...) {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		found := strings.Split(string(data), "```console\n")[1:]
		if page == "README.md" && len(found) < 1 {
			t.Errorf("README has no console example: its before and after is one")
		}
		blocks = append(blocks, found...)
	}
	if len(blocks) < 10 {
		t.Fatalf("README and docs/ have %d console examples, want at least 10", len(blocks))
	}
	for _, b := range blocks {
		body, _, ok := strings.Cut(b, "```\n")
		if !ok {
			t.Fatalf("unterminated example: %q", b)
		}
		cmd, want, _ := strings.Cut(body, "\n")
		args, file, ok := strings.Cut(strings.TrimPrefix(cmd, "$ "), " < ")
		if !ok || !strings.HasPrefix(args, "terse") {
			t.Fatalf("example command %q is not `terse ARGS < FILE`", cmd)
		}
		in, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		var out, errOut bytes.Buffer
		code := app.Main(strings.Fields(args), app.Env{Stdin: in, Stdout: &out, Stderr: &errOut,
			Getenv: func(string) string { return "" }})
		in.Close()
		// A pipe exits 1 when the report says FAIL, as the tool did.
		wantCode := 0
		if strings.HasPrefix(want, "FAIL") || strings.HasPrefix(want, `{"tool":`) && strings.Contains(want, `"status":"FAIL"`) {
			wantCode = 1
		}
		if code != wantCode || errOut.Len() > 0 {
			t.Errorf("%s: exit %d, stderr %q; want exit %d", cmd, code, errOut.String(), wantCode)
		}
		if out.String() != want {
			t.Errorf("README example %q is stale:\n--- README\n%s\n--- terse\n%s", cmd, want, out.String())
		}
	}
}
