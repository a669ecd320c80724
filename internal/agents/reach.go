package agents

import (
	"path"
	"slices"
	"strings"

	"github.com/terse-dev/terse/internal/commands"
	"github.com/terse-dev/terse/internal/shellwrap"
)

// Reach decides which simple commands the hook wraps: a tool a profile
// claims (jest, npx jest, go test), and the package-manager scripts and
// task-runner targets agents run far more often (npm test, pnpm run lint,
// make test, just check, tox) when the script or target is a test, lint,
// type-check, build or check run, by its name or by what it runs. Never a
// watcher or a server (`npm run dev`, `jest --watch`): those stream for as
// long as they live, and terse prints at the end.
type Reach struct {
	// Set is the profiles' claims; Load, when Set is nil, reads them when
	// a command first needs them.
	Set  *commands.Set
	Load func() *commands.Set
	// Project reads the scripts and targets of the directory the command
	// runs in (nil: decide by names alone).
	Project *Project
	// Patterns are the user's additions and removals (TERSE_WRAP).
	Patterns Patterns
	// Program, when set, says why argv[0] is not a program a wrapper can
	// start as the shell would ("" when it is): see Startable.
	Program func(name string) string

	whys map[string]string
}

// NewReach is the Reach of a hook call: the profiles' claims load reads,
// the project in dir, the user's patterns and the PATH from getenv.
func NewReach(load func() *commands.Set, dir string, getenv func(string) string) *Reach {
	r := &Reach{Load: load}
	if dir != "" {
		r.Project = &Project{Dir: dir}
	}
	if getenv != nil {
		r.Patterns = ParsePatterns(getenv("TERSE_WRAP"))
		r.Program = func(name string) string { return Startable(name, dir, getenv("PATH")) }
	}
	return r
}

// programOf is the program argv runs once launchers are stripped.
func programOf(argv []string) string {
	prog, _ := commands.Program(argv)
	return prog
}

func (r *Reach) claimant(argv []string) string {
	if r.Set == nil && r.Load != nil {
		r.Set = r.Load()
	}
	if r.Set == nil {
		return ""
	}
	return r.Set.Claimant(argv)
}

// Known is Decide as a shellwrap.Known; Why then says why a command it
// refused was refused.
func (r *Reach) Known() shellwrap.Known {
	return func(argv []string) bool {
		ok, why := r.Decide(argv)
		if r.whys == nil {
			r.whys = map[string]string{}
		}
		r.whys[strings.Join(argv, "\x00")] = why
		return ok
	}
}

// Why is the reason Known gave for argv ("" if it was not asked).
func (r *Reach) Why(argv []string) string { return r.whys[strings.Join(argv, "\x00")] }

// Decide reports whether the hook wraps the simple command argv, and why
// (or why not).
func (r *Reach) Decide(argv []string) (bool, string) {
	if len(argv) == 0 {
		return false, "no command"
	}
	if prog, _ := commands.Program(argv); prog == "terse" {
		return false, "it already runs terse"
	}
	if why := watching(argv); why != "" {
		return false, why
	}
	ok, why := r.decide(argv)
	if ok && r.Program != nil {
		if bad := r.Program(argv[0]); bad != "" {
			return false, bad
		}
	}
	return ok, why
}

func (r *Reach) decide(argv []string) (bool, string) {
	for _, name := range []string{programName(argv[0]), programOf(argv)} {
		if name != "" && r.Patterns.removes(name) {
			return false, name + " is removed by TERSE_WRAP"
		}
	}
	if claim := r.claimant(argv); claim != "" {
		return true, "the " + claim + " profile claims it"
	}
	cur := argv
	for depth := 0; len(cur) > 0 && depth < 8; depth++ {
		switch name := programName(cur[0]); name {
		case "npm", "pnpm", "yarn", "bun":
			if name == "bun" && len(cur) > 1 && cur[1] == "test" {
				return true, "bun's test runner"
			}
			if script, ok := r.pmScript(name, cur[1:]); ok {
				return r.script(name, script)
			}
		case "make", "gmake", "just":
			return r.targets(name, cur[1:])
		case "tox", "nox":
			return toxRun(name, cur[1:])
		}
		cur = commands.Launched(cur)
	}
	return false, "not a command terse wraps: no profile claims it, and it runs no test, lint or build script"
}

// watchFlags are the arguments that keep a run going until it is stopped.
var watchFlags = []string{"--watch", "--watchAll", "--watch-all", "--serve", "--dev", "--continuous"}

// watching says why argv runs a watcher or a server, or "".
func watching(argv []string) string {
	for _, a := range argv[1:] {
		name, value, hasValue := strings.Cut(a, "=")
		for _, f := range watchFlags {
			if name == f && (!hasValue || (value != "false" && value != "0")) {
				return a + ": a watcher streams for as long as it lives, and terse prints at the end"
			}
		}
	}
	prog, args := commands.Program(argv)
	if prog == "tsc" || prog == "vue-tsc" {
		for _, a := range args {
			if a == "-w" {
				return "tsc -w: a watcher streams for as long as it lives, and terse prints at the end"
			}
		}
	}
	if (prog == "gradle" || prog == "gradlew") && slices.Contains(args, "-t") {
		return "gradle -t: a continuous build streams for as long as it lives, and terse prints at the end"
	}
	if prog == "vitest" && len(args) > 0 && (args[0] == "watch" || args[0] == "dev") {
		return "vitest " + args[0] + ": a watcher streams for as long as it lives, and terse prints at the end"
	}
	return ""
}

// pmOptions are the package managers' options that take a value, before
// the command.
var pmOptions = []string{"-C", "--dir", "--prefix", "--filter", "-F", "--cwd", "-w", "--workspace"}

// pmScript returns the script a package-manager call runs: `npm test`, `npm
// t`, `npm run NAME`, `pnpm test`, `pnpm run NAME`, `yarn NAME`, `bun run
// NAME`; pnpm, yarn and bun run a script by its bare name when the project
// has one. ok is false for the package manager's own commands and for a
// call that runs a package's program (exec, dlx, x), which Launched reads.
func (r *Reach) pmScript(pm string, rest []string) (string, bool) {
	rest = skipValued(rest, pmOptions)
	if len(rest) == 0 {
		return "", false
	}
	switch rest[0] {
	case "test", "t", "tst":
		if pm != "bun" {
			return "test", true
		}
	case "run", "run-script", "rum", "urn":
		if name := skipValued(rest[1:], pmOptions); len(name) > 0 {
			return name[0], true
		}
		return "", false // lists the scripts
	}
	if pm == "npm" {
		return "", false
	}
	if _, ok := r.Project.Scripts()[rest[0]]; ok {
		return rest[0], true
	}
	return "", false
}

// serverNames are scripts and targets that serve or watch: never wrapped.
var serverNames = []string{"dev", "dev:*", "start", "start:*", "serve", "serve:*", "watch", "watch:*", "*:watch",
	"*:dev", "preview", "storybook", "run", "up", "shell", "repl", "server", "debug"}

// checkNames are the scripts and targets wrapped by their name alone.
var checkNames = []string{"test", "test:*", "test-*", "tests", "check", "check:*", "check-*", "lint", "lint:*", "lint-*",
	"typecheck", "type-check", "types", "tsc", "build", "build:*", "ci", "vet", "unit", "e2e", "spec", "coverage"}

func matchAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if ok, _ := path.Match(p, name); ok {
			return true
		}
	}
	return false
}

// script decides a package.json script of pm.
func (r *Reach) script(pm, name string) (bool, string) {
	body, known := r.Project.Scripts()[name]
	return r.named(pm+" script "+name, name, body, known, "what it runs")
}

// named decides a script or target (what names it in the reasons) by its
// name, then by body, what it runs when known: a server or watcher never,
// a check run by its name or by a body a profile claims, TERSE_WRAP's
// patterns over both.
func (r *Reach) named(what, name, body string, known bool, bodyIs string) (bool, string) {
	switch {
	case r.Patterns.removes(name):
		return false, what + " is removed by TERSE_WRAP"
	case matchAny(serverNames, name) && !r.Patterns.adds(name):
		return false, what + ": a server or watcher streams for as long as it lives, and terse prints at the end"
	case known && watcherBody(body) != "":
		return false, what + " runs `" + body + "`: " + watcherBody(body)
	case r.Patterns.adds(name):
		return true, what + " is added by TERSE_WRAP"
	case matchAny(checkNames, name):
		return true, what + ": a test, lint, type-check or build run by its name"
	}
	if known {
		if claim := r.bodyClaim(body); claim != "" {
			return true, what + " runs `" + body + "`, which the " + claim + " profile claims"
		}
	}
	return false, what + " is not a test, lint, type-check or build run (by its name, or by " + bodyIs + "); TERSE_WRAP=" + name + " adds it"
}

// targets decides a make or just call: every target named must be a check
// run (by its name or its recipe); no target is the first one.
func (r *Reach) targets(tool string, args []string) (bool, string) {
	targets, dir, file := runnerTargets(tool, args)
	var recipes map[string][]string
	var order []string
	if tool == "just" {
		recipes, order = r.Project.Justfile(dir, file)
	} else {
		recipes, order = r.Project.Makefile(dir, file)
	}
	if len(targets) == 0 {
		if len(order) == 0 {
			return false, tool + " with no target, and no first target found"
		}
		targets = order[:1]
	}
	why := ""
	for _, t := range targets {
		ok, w := r.target(tool, t, recipes)
		if !ok {
			return false, w
		}
		why = w
	}
	return true, why
}

func (r *Reach) target(tool, name string, recipes map[string][]string) (bool, string) {
	recipe, known := recipes[name]
	// An unknown target has an empty recipe: no profile claims it, so only
	// its name decides.
	return r.named(tool+" target "+name, name, strings.Join(recipe, "; "), known, "its recipe")
}

// toxRun decides tox and nox: they run test environments, unless asked to
// list them or to make a development one.
func toxRun(tool string, args []string) (bool, string) {
	for _, a := range args {
		switch a {
		case "-l", "--list", "-a", "--listenvs", "--list-sessions", "-h", "--help", "--version", "--devenv", "--notest":
			return false, tool + " " + a + " runs no tests"
		}
	}
	return true, tool + " runs test environments"
}

// bodyClaim returns the profile that claims a command of a script body or
// recipe ("jest --ci", "vitest run", "python3 -m pytest", "cross-env CI=1
// jest && eslint ."), or "".
func (r *Reach) bodyClaim(body string) string {
	for _, part := range splitBody(body) {
		f := strings.Fields(part)
		for len(f) > 0 && (strings.Contains(f[0], "=") && !strings.HasPrefix(f[0], "-") || f[0] == "cross-env" ||
			f[0] == "@" || f[0] == "-" || f[0] == "+") {
			f = f[1:]
		}
		if len(f) > 0 {
			f[0] = strings.TrimLeft(f[0], "@-+")
		}
		if len(f) == 0 || strings.Contains(f[0], "$") {
			continue
		}
		if claim := r.claimant(f); claim != "" {
			return claim
		}
	}
	return ""
}

// splitBody splits a script body or recipe line at the shell's list and
// pipe operators.
func splitBody(body string) []string {
	return strings.FieldsFunc(body, func(c rune) bool { return c == ';' || c == '&' || c == '|' || c == '\n' })
}

// watcherBody says why a script body or recipe serves or watches, or "".
func watcherBody(body string) string {
	for _, part := range splitBody(body) {
		f := strings.Fields(part)
		if len(f) == 0 {
			continue
		}
		if why := watching(f); why != "" {
			return why
		}
		prog, args := commands.Program(f)
		sub := ""
		if len(args) > 0 {
			sub = args[0]
		}
		switch prog {
		case "nodemon", "webpack-dev-server", "http-server", "live-server", "browser-sync", "serve":
			return prog + " serves for as long as it lives"
		case "vite", "next", "nuxt", "astro", "remix", "ng", "parcel", "webpack", "gatsby", "expo":
			if sub == "" || strings.HasPrefix(sub, "-") || sub == "dev" || sub == "serve" || sub == "start" || sub == "preview" || sub == "develop" {
				return prog + " " + sub + " serves for as long as it lives"
			}
		case "react-scripts":
			if sub == "start" || (sub == "test" && !strings.Contains(part, "--watchAll=false") && !strings.Contains(part, "CI=")) {
				return "react-scripts " + sub + " watches unless CI is set"
			}
		}
	}
	return ""
}

// skipValued skips leading options (and the values of those in valued).
func skipValued(args, valued []string) []string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && args[0] != "-" {
		if args[0] == "--" {
			return args[1:]
		}
		takes := false
		for _, v := range valued {
			takes = takes || args[0] == v
		}
		if takes {
			if len(args) < 2 {
				return nil
			}
			args = args[1:]
		}
		args = args[1:]
	}
	return args
}

// runnerTargets reads a make or just call: its targets, and the directory
// (-C, -d, --working-directory) and file (-f, --justfile) it reads.
func runnerTargets(tool string, args []string) (targets []string, dir, file string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := ""
		if i+1 < len(args) {
			next = args[i+1]
		}
		switch kind, value, used := runnerOption(tool, a, next); kind {
		case "dir":
			dir = value
			i += used
		case "file":
			file = value
			i += used
		case "skip":
			i += used
		default:
			targets = append(targets, a)
		}
	}
	return targets, dir, file
}

// runnerOption reads one argument of make or just (with the next one, when
// it takes it): "dir" or "file" with its value, "skip" for another option
// or an assignment, "" for a target; used is 1 when next was taken.
func runnerOption(tool, a, next string) (kind, value string, used int) {
	if value, used, ok := dirOption(tool, a, next); ok {
		return "dir", value, used
	}
	switch {
	case a == "-f" || a == "--file" || a == "--makefile" || a == "--justfile":
		return "file", next, 1
	case a == "-j" && isDigits(next):
		return "skip", "", 1
	case tool != "just" && next != "" && (a == "-l" || a == "-o" || a == "-W" || a == "-I"):
		return "skip", "", 1
	case strings.HasPrefix(a, "-"), strings.Contains(a, "="):
		return "skip", "", 0
	}
	return "", "", 0
}

// dirOption reads make's -C DIR, -CDIR, --directory[=]DIR, just's -d DIR
// and --working-directory DIR.
func dirOption(tool, a, next string) (string, int, bool) {
	switch {
	case a == "-C" || a == "--directory" || a == "-d" || a == "--working-directory":
		return next, 1, true
	case strings.HasPrefix(a, "--directory="):
		return strings.TrimPrefix(a, "--directory="), 0, true
	case strings.HasPrefix(a, "-C") && tool != "just":
		return a[2:], 0, true
	}
	return "", 0, false
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
