package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/profiles"
)

// verifyCommand is `terse verify [FILE...]`: it runs the samples profiles
// carry (each an input and the output it must shape into) and says which
// pass, so that a user's profile can be checked in CI. Without files it
// runs every profile in use, built-in and the user's; with files, the
// profiles in them.
func verifyCommand(env Env) *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "run the samples profiles carry; exit 1 if one does not shape as it says",
		ArgsUsage: "[FILE...]",
		Description: "Without FILE: every profile in use (built-in and yours). With FILE: the profiles\n" +
			"in those YAML files, shaped with the built-in profiles beside them.",
		Action: func(_ context.Context, c *cli.Command) error {
			v := &verifier{w: env.Stdout}
			if c.NArg() == 0 {
				if err := v.all(env); err != nil {
					return &ExitError{Code: 2, Err: err}
				}
			} else if err := v.files(c.Args().Slice()); err != nil {
				return &ExitError{Code: 2, Err: err}
			}
			return v.end()
		},
	}
}

// verifier runs samples and writes one line per sample.
type verifier struct {
	w                   io.Writer
	passed, failed, bad int
	profiles, noSamples int
}

// all runs the samples of every profile in use.
func (v *verifier) all(env Env) error {
	set, err := profiles.Builtin()
	if err != nil {
		return err
	}
	// A profile of the user's that cannot be used fails the check (other
	// commands skip it with a warning and go on).
	if dir := profilesDir(env); dir != "" {
		for _, err := range set.LoadDir(dir) {
			v.bad++
			fmt.Fprintf(v.w, "FAIL %v\n", err)
		}
	}
	builtin, err := profiles.BuiltinSamples()
	if err != nil {
		return fmt.Errorf("reading the built-in samples: %w", err)
	}
	for _, p := range set.All() {
		samples := p.Samples
		if p.IsBuiltin() {
			samples = builtin[p.Name]
		}
		v.run(set, p, samples)
	}
	return nil
}

// files runs the samples of the profiles in the named files.
func (v *verifier) files(paths []string) error {
	set, err := profiles.Builtin()
	if err != nil {
		return err
	}
	var loaded []*profiles.Profile
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err == nil {
			var p *profiles.Profile
			if p, err = profiles.Parse(data, path); err == nil {
				set.Add(p)
				loaded = append(loaded, p)
				continue
			}
		}
		v.bad++
		fmt.Fprintf(v.w, "FAIL %s: %v\n", path, unwrapPath(err))
	}
	for _, p := range loaded {
		v.run(set, p, p.Samples)
		if len(p.Samples) == 0 {
			fmt.Fprintf(v.w, "--   %s (%s): no samples\n", p.Name, p.Source)
		}
	}
	return nil
}

// unwrapPath drops the *PathError wrapping whose path the line already names.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (v *verifier) run(set *profiles.Set, p *profiles.Profile, samples []profiles.Sample) {
	v.profiles++
	if len(samples) == 0 {
		v.noSamples++
	}
	// What the matching layer cannot read only slows a profile: a note,
	// not a failure.
	for _, a := range p.Advice() {
		fmt.Fprintf(v.w, "note %s: %s (%s)\n", p.Name, a, p.Source)
	}
	for _, smp := range samples {
		res := set.RunSample(p, smp)
		if res.Pass {
			v.passed++
			fmt.Fprintf(v.w, "ok   %s: %s\n", p.Name, smp.Name)
			continue
		}
		v.failed++
		fmt.Fprintf(v.w, "FAIL %s: %s (%s)\n", p.Name, smp.Name, p.Source)
		if res.Err != nil {
			fmt.Fprintf(v.w, "     %v\n", res.Err)
			continue
		}
		writeSampleDiff(v.w, res.Want, res.Got)
	}
}

// writeSampleDiff shows a failed sample: each line of want and got, marked
// where they differ.
func writeSampleDiff(w io.Writer, want, got string) {
	wl := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
	gl := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	for i := 0; i < max(len(wl), len(gl)); i++ {
		var a, b string
		if i < len(wl) {
			a = wl[i]
		}
		if i < len(gl) {
			b = gl[i]
		}
		if a == b {
			continue
		}
		if i < len(wl) {
			fmt.Fprintf(w, "     line %d want: %s\n", i+1, a)
		}
		if i < len(gl) {
			fmt.Fprintf(w, "     line %d got:  %s\n", i+1, b)
		}
	}
}

// end writes the tally; a failed sample or an unusable file is exit 1.
func (v *verifier) end() error {
	fmt.Fprintf(v.w, "%d samples of %d profiles: %d passed, %d failed", v.passed+v.failed, v.profiles, v.passed, v.failed)
	if v.bad > 0 {
		fmt.Fprintf(v.w, "; %d unusable %s", v.bad, map[bool]string{true: "file", false: "files"}[v.bad == 1])
	}
	fmt.Fprintln(v.w)
	if v.failed > 0 || v.bad > 0 {
		return &ExitError{Code: 1}
	}
	return nil
}
