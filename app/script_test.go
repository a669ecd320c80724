package app

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"terse": func() { os.Exit(Main(os.Args, OSEnv(false))) },
	})
}

// TestScripts runs the end-to-end CLI cases in testdata/script/*.txtar. The
// repo's testdata is reachable from the scripts as $TESTDATA.
func TestScripts(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(e *testscript.Env) error {
			e.Setenv("TESTDATA", wd+"/../testdata")
			e.Setenv("REFERENCE", wd+"/../../shared/reference")
			// A clean environment: no agent variables, no LLM_OUTPUT.
			e.Setenv("LLM_OUTPUT", "")
			e.Setenv("XDG_CONFIG_HOME", e.WorkDir+"/config")
			e.Setenv("XDG_STATE_HOME", e.WorkDir+"/state")
			return nil
		},
	})
}
