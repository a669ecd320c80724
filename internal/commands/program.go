// Package commands tells which program a command line runs, through the
// launchers that run another one (npx, pnpm exec, python -m, env ...), and
// which tool a profile claims it for. It holds no profile and links nothing
// but the standard library: the agent hook, which runs before every shell
// command an agent runs, starts from here without the shaping machinery.
package commands

import (
	"path/filepath"
	"strings"
)

// Program returns the program a command line runs once launchers are
// stripped, and the program's own arguments. Launchers are the commands that
// run another one: npx, bunx, pnpm (exec, dlx), yarn (exec, dlx), npm exec,
// bun x, python -m, uv run, poetry run, pipenv run, hatch run, bundle exec,
// env VAR=x, timeout,
// node SCRIPT (not node --test: node runs the tests), and sh -c with a
// plain command. A path names its base
// (node_modules/.bin/jest is jest; a script's extension is dropped).
func Program(argv []string) (prog string, args []string) {
	for depth := 0; len(argv) > 0 && depth < 8; depth++ {
		name := programName(argv[0])
		rest := argv[1:]
		next := launched(name, rest)
		if next == nil {
			return name, rest
		}
		argv = next
	}
	return "", nil
}

// Launched returns the command line the launcher argv[0] runs with the
// rest of argv (one step of Program), or nil when argv[0] is no launcher or
// this call of it runs no other program.
func Launched(argv []string) []string {
	if len(argv) == 0 {
		return nil
	}
	return launched(programName(argv[0]), argv[1:])
}

// launched returns the command line that the launcher name runs with its
// arguments rest, or nil when name is no launcher or this call of it runs
// no other program.
func launched(name string, rest []string) []string {
	switch name {
	case "env":
		return skipEnv(rest)
	case "npx", "bunx", "pnpx":
		return skipOptions(rest, "-p", "--package", "--call", "-c")
	case "npm":
		return npmLaunched(rest)
	case "pnpm", "yarn":
		return pnpmLaunched(rest)
	case "bun":
		if len(rest) > 0 && (rest[0] == "x" || rest[0] == "run") {
			return skipOptions(rest[1:])
		}
	case "uv", "poetry", "pipenv", "pdm", "hatch", "bundle":
		return runnerLaunched(rest)
	case "timeout":
		if r := skipOptions(rest, "-s", "--signal", "-k", "--kill-after"); len(r) > 1 {
			return r[1:] // the duration
		}
	case "node", "nodejs", "deno", "tsx", "ts-node":
		return nodeLaunched(name, rest)
	case "sh", "bash", "zsh", "dash":
		if len(rest) == 2 && rest[0] == "-c" && !strings.ContainsAny(rest[1], "|&;<>()$`\\\"'*?[#~=%\n") {
			return strings.Fields(rest[1])
		}
	default:
		if strings.HasPrefix(name, "python") || name == "py" {
			return pythonModule(rest)
		}
	}
	return nil
}

// npmLaunched: npm exec and npm x run a package's program.
func npmLaunched(rest []string) []string {
	if len(rest) > 0 && (rest[0] == "exec" || rest[0] == "x") {
		return skipOptions(rest[1:], "-p", "--package", "-w", "--workspace")
	}
	return nil
}

// pnpmLaunched: pnpm and yarn run a package's program as their first
// argument, or after exec, dlx or run.
func pnpmLaunched(rest []string) []string {
	r := skipOptions(rest, "-C", "--dir", "--filter", "-F", "--cwd")
	if len(r) > 0 && (r[0] == "exec" || r[0] == "dlx" || r[0] == "run") {
		r = skipOptions(r[1:], "-p", "--package")
	}
	return r
}

// runnerLaunched: the Python project tools (uv, poetry, pipenv, pdm, hatch)
// run a program after run, Ruby's bundle after exec.
func runnerLaunched(rest []string) []string {
	if len(rest) > 0 && (rest[0] == "run" || rest[0] == "exec") {
		return skipOptions(rest[1:], "--with", "--python", "-p", "--project", "--directory",
			"--extra", "--group", "--env-file", "--package", "--with-requirements", "-e", "--env", "--gemfile")
	}
	return nil
}

// nodeValued are node's options that take their value as the next argument.
var nodeValued = []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions",
	"--test-reporter", "--test-reporter-destination", "--test-name-pattern", "--test-skip-pattern",
	"--test-concurrency", "--test-timeout", "--test-shard"}

// nodeLaunched: node and its kin run a script (deno after run), unless
// node's own test runner runs (see nodeTests): node is then the program.
func nodeLaunched(name string, rest []string) []string {
	if nodeTests(name, rest) {
		return nil
	}
	r := skipOptions(rest, nodeValued...)
	if name == "deno" && len(r) > 0 && r[0] == "run" {
		r = skipOptions(r[1:])
	}
	return r
}

// nodeTests reports whether node's options (those before its script) run
// its test runner: --test, whose arguments are test files and directories,
// or another --test-… option (--test-reporter=tap runs a script's node:test
// tests with that reporter).
func nodeTests(name string, args []string) bool {
	if name != "node" && name != "nodejs" {
		return false
	}
	opts := args[:len(args)-len(skipOptions(args, nodeValued...))]
	for _, a := range opts {
		if a == "--test" || strings.HasPrefix(a, "--test-") || strings.HasPrefix(a, "--test=") {
			return true
		}
	}
	return false
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

// Keys returns the command names a profile may claim a command line under,
// the most specific first: the program and its first argument ("go test"),
// then the program ("go"). Where options come first ("mvn -B test",
// "gradle --offline test") the first argument after them is named too;
// a task named by its project or plugin ("gradle :app:test",
// "mvn surefire:test") is also named by its last part ("gradle test"), so
// that a build tool's profile claims the tasks that run tests and checks
// and leaves the others ("mvn dependency:tree", "gradle tasks") alone. It
// returns nil when no program is run.
func Keys(argv []string) []string {
	prog, args := Program(argv)
	if prog == "" {
		return nil
	}
	if nodeTests(prog, args) {
		// Its options come in any order; the runner is what the key names.
		return []string{prog + " --test", prog}
	}
	if len(args) == 0 {
		return []string{prog}
	}
	keys := []string{prog + " " + args[0]}
	sub := firstWord(args)
	if sub != "" && sub != args[0] {
		keys = append(keys, prog+" "+sub)
	}
	if i := strings.LastIndexByte(sub, ':'); i >= 0 && i < len(sub)-1 {
		keys = append(keys, prog+" "+sub[i+1:])
	}
	return append(keys, prog)
}

// firstWord is the first of args that is no option: where args start with
// options, the command's word after them ("" when there is none). An
// option's value given as the next argument ("-pl core") is taken for the
// word, which a profile then does not claim: the command is left alone
// rather than guessed at.
func firstWord(args []string) string {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return a
		}
	}
	return ""
}
