// Command builtintable writes the files generated from the built-in
// profiles' YAML (see package internal/gen). go generate runs it: in
// profiles/ for the Go table and README.md's list of tools, in commands/
// for the commands the hook knows.
//
//	builtintable [-yaml DIR] [-table FILE] [-claims FILE] [-readme FILE]
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/terse-dev/terse/internal/gen"
)

func main() {
	if err := run(os.Args[1:], os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "builtintable:", err)
		os.Exit(1)
	}
}

func run(args []string, stderr io.Writer) error {
	fl := flag.NewFlagSet("builtintable", flag.ContinueOnError)
	fl.SetOutput(stderr)
	dir := fl.String("yaml", ".", "the directory of the built-in profiles' YAML")
	table := fl.String("table", "", "write the profiles' Go table (profiles/builtin_table.go) to `FILE`")
	claims := fl.String("claims", "", "write the commands the profiles claim (internal/commands/builtin_table.go) to `FILE`")
	readme := fl.String("readme", "", "rewrite the list of tools in `FILE` (README.md) between its markers")
	if err := fl.Parse(args); err != nil {
		return err
	}
	if *table == "" && *claims == "" && *readme == "" {
		return errors.New("nothing to write: give -table, -claims or -readme")
	}
	ps, err := gen.Load(os.DirFS(*dir))
	if err != nil {
		return err
	}
	if *table != "" {
		if err := write(*table, func() ([]byte, error) { return gen.Table(ps) }); err != nil {
			return err
		}
	}
	if *claims != "" {
		if err := write(*claims, func() ([]byte, error) { return gen.Claims(ps) }); err != nil {
			return err
		}
	}
	if *readme != "" {
		old, err := os.ReadFile(*readme)
		if err != nil {
			return err
		}
		if err := write(*readme, func() ([]byte, error) { return gen.Readme(old, ps) }); err != nil {
			return err
		}
	}
	return nil
}

// write replaces file with what build returns, leaving it untouched when the
// content is the same (so that its time stamp does not trigger rebuilds)
// or when build fails.
func write(file string, build func() ([]byte, error)) error {
	data, err := build()
	if err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	if old, err := os.ReadFile(file); err == nil && bytes.Equal(old, data) {
		return nil
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(file); err == nil {
		mode = fi.Mode().Perm()
	}
	if err := os.WriteFile(file, data, mode); err != nil {
		return fmt.Errorf("writing %w", err)
	}
	return nil
}
