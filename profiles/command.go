package profiles

import (
	"path/filepath"
	"regexp"
	"strings"
)

// Program returns the program a command line runs once launchers are
// stripped, and the program's own arguments. Launchers are the commands that
// run another one: npx, bunx, pnpm (exec, dlx), yarn (exec, dlx), npm exec,
// bun x, python -m, uv run, poetry run, pipenv run, env VAR=x, timeout,
// node SCRIPT, and sh -c with a plain command. A path names its base
// (node_modules/.bin/jest is jest; a script's extension is dropped).
func Program(argv []string) (prog string, args []string) {
	for depth := 0; len(argv) > 0 && depth < 8; depth++ {
		name := programName(argv[0])
		rest := argv[1:]
		var next []string
		switch name {
		case "env":
			next = skipEnv(rest)
		case "npx", "bunx", "pnpx":
			next = skipOptions(rest, "-p", "--package", "--call", "-c")
		case "npm":
			if len(rest) > 0 && (rest[0] == "exec" || rest[0] == "x") {
				next = skipOptions(rest[1:], "-p", "--package", "-w", "--workspace")
			}
		case "pnpm", "yarn":
			r := skipOptions(rest, "-C", "--dir", "--filter", "-F", "--cwd")
			if len(r) > 0 && (r[0] == "exec" || r[0] == "dlx" || r[0] == "run") {
				r = skipOptions(r[1:], "-p", "--package")
			}
			next = r
		case "bun":
			if len(rest) > 0 && (rest[0] == "x" || rest[0] == "run") {
				next = skipOptions(rest[1:])
			}
		case "uv", "poetry", "pipenv", "pdm", "hatch":
			if len(rest) > 0 && rest[0] == "run" {
				next = skipOptions(rest[1:], "--with", "--python", "-p", "--project", "--directory",
					"--extra", "--group", "--env-file", "--package", "--with-requirements", "-e", "--env")
			}
		case "timeout":
			r := skipOptions(rest, "-s", "--signal", "-k", "--kill-after")
			if len(r) > 1 {
				next = r[1:] // the duration
			}
		case "node", "nodejs", "deno", "tsx", "ts-node":
			r := skipOptions(rest, "-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions")
			if name == "deno" && len(r) > 0 && r[0] == "run" {
				r = skipOptions(r[1:])
			}
			next = r
		case "sh", "bash", "zsh", "dash":
			if len(rest) == 2 && rest[0] == "-c" && !strings.ContainsAny(rest[1], "|&;<>()$`\\\"'*?[#~=%\n") {
				next = strings.Fields(rest[1])
			}
		default:
			if strings.HasPrefix(name, "python") || name == "py" {
				if m := pythonModule(rest); m != nil {
					next = m
				}
			}
		}
		if next == nil {
			return name, rest
		}
		argv = next
	}
	return "", nil
}

// programName is the base name of a program path without a script or
// executable extension.
func programName(p string) string {
	base := filepath.Base(strings.ReplaceAll(p, `\`, "/"))
	for _, ext := range []string{".exe", ".cmd", ".js", ".cjs", ".mjs", ".ts", ".py"} {
		if strings.HasSuffix(base, ext) && len(base) > len(ext) {
			return strings.TrimSuffix(base, ext)
		}
	}
	return base
}

// skipEnv skips env's options and VAR=value assignments.
func skipEnv(args []string) []string {
	for len(args) > 0 {
		a := args[0]
		switch {
		case a == "--":
			return args[1:]
		case a == "-u" || a == "--unset" || a == "-C" || a == "--chdir" || a == "-S" || a == "--split-string":
			if len(args) < 2 {
				return nil
			}
			args = args[2:]
		case strings.HasPrefix(a, "-"):
			args = args[1:]
		case strings.Contains(a, "="):
			args = args[1:]
		default:
			return args
		}
	}
	return nil
}

// skipOptions skips leading options (and the values of those in valued) and
// one "--".
func skipOptions(args []string, valued ...string) []string {
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			return args[1:]
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			return args
		}
		takesValue := false
		for _, v := range valued {
			if a == v {
				takesValue = true
				break
			}
		}
		if takesValue {
			if len(args) < 2 {
				return nil
			}
			args = args[2:]
			continue
		}
		args = args[1:]
	}
	return nil
}

// pythonModule returns the argv of `python [options] -m MODULE args...` as
// MODULE args..., or nil when no module is run.
func pythonModule(args []string) []string {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-m" && i+1 < len(args):
			return args[i+1:]
		case strings.HasPrefix(a, "-m") && len(a) > 2:
			return append([]string{a[2:]}, args[i+1:]...)
		case a == "-X" || a == "-W" || a == "-c":
			if a == "-c" {
				return nil
			}
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return nil // a script, not a module
		}
	}
	return nil
}

// ForArgv returns the profile that claims the command a command line runs,
// after launchers are stripped (see Program), or nil. A profile's commands
// name programs ("jest") or a program and its first argument ("go test").
func (s *Set) ForArgv(argv []string) *Profile {
	prog, args := Program(argv)
	if prog == "" {
		return nil
	}
	if len(args) > 0 {
		if p := s.ForCommand(prog + " " + args[0]); p != nil {
			return p
		}
	}
	return s.ForCommand(prog)
}

// AsksJSON reports whether the arguments ask the tool for the machine format
// the profile reads (its json.flags), printed on stdout. A pattern sees each
// argument, and each argument joined to the next by a space.
func (p *Profile) AsksJSON(args []string) bool {
	if p.patterns() != nil {
		return false
	}
	for _, re := range p.jsonFlags {
		for i, a := range args {
			if re.MatchString(a) {
				return true
			}
			// A flag and its value as two arguments ("--reporter json")
			// are matched joined by a space.
			if i+1 < len(args) && re.MatchString(a+" "+args[i+1]) {
				return true
			}
		}
	}
	return false
}

// compileFlags compiles json.flags.
func (p *Profile) compileFlags() error {
	for _, f := range p.JSON.Flags {
		re, err := regexp.Compile(f)
		if err != nil {
			return err
		}
		p.jsonFlags = append(p.jsonFlags, re)
	}
	return nil
}
