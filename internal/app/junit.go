package app

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/internal/parse/junit"
	"github.com/terse-dev/terse/internal/runner"
	"github.com/terse-dev/terse/render"
	"github.com/terse-dev/terse/report"
)

// junitFlag makes the arguments JUnit XML reports to read instead of stdin.
// A bool, with the files as arguments, so `--junit a.xml b.xml` reads both
// (flags stop at the first argument).
func junitFlag() cli.Flag {
	return &cli.BoolFlag{Name: "junit",
		Usage: "read the JUnit XML reports named as arguments (pytest --junitxml, jest-junit, Surefire, PHPUnit --log-junit, ctest --output-junit, Gradle) instead of stdin"}
}

// shapeJUnit shapes the JUnit XML reports in files into one report, as a
// tool's output is shaped: the same status line, failure blocks and pages.
func shapeJUnit(c *cli.Command, env Env, files []string) error {
	if len(files) == 0 {
		return usageErr("--junit needs the report files: terse --junit FILE...")
	}
	mode := ResolveMode(ModeInput{
		LLM: c.String("llm"), Format: c.String("format"), JSON: c.Bool("json"),
		Verbose: c.Bool("verbose"), Getenv: env.Getenv, Terminal: env.Terminal,
	})
	if mode.Format != FormatLLM && mode.Format != FormatJSON {
		return usageErr("--junit writes llm text or JSON: use --format llm or json")
	}
	if c.Int("limit") < 0 || c.Int("offset") < 0 {
		return usageErr("--limit and --offset take numbers of 0 or more")
	}
	win := report.Window{Offset: c.Int("offset"), Limit: c.Int("limit")}
	b := report.NewBuilder("junit", win)
	opt := parse.Options{Window: win, Verbose: mode.Verbose, Cwd: env.Cwd}
	for _, name := range files {
		if err := readJUnit(env, name, b, opt); err != nil {
			return &ExitError{Code: 2, Err: err}
		}
	}
	r := b.Finish()
	defer r.Close()
	hints := hintsFrom(c, mode, env.Getenv, "terse --junit "+runner.QuoteArgs(files))
	hints.Raw = "the report files"
	var err error
	if mode.Format == FormatJSON {
		err = render.JSON(env.Stdout, r, hints, c.Bool("pretty"))
	} else {
		err = render.LLM(env.Stdout, r, hints)
	}
	if err != nil {
		return &ExitError{Code: 1, Err: fmt.Errorf("writing output: %w", err)}
	}
	if r.Status == report.StatusFail && !c.Bool("exit-zero") {
		return reportedExit(1)
	}
	return nil
}

// readJUnit reads one report file into b; a relative name is taken from
// the working directory.
func readJUnit(env Env, name string, b *report.Builder, opt parse.Options) error {
	path := name
	if env.Cwd != "" && !filepath.IsAbs(path) {
		path = filepath.Join(env.Cwd, path)
	}
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("--junit: %w", err)
	}
	defer f.Close()
	if err := junit.Read(f, b, opt); err != nil {
		return fmt.Errorf("--junit %s: %w", name, err)
	}
	return nil
}
