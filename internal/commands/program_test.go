package commands

import (
	"strings"
	"testing"
)

func TestProgram(t *testing.T) {
	for _, tc := range []struct {
		cmd  string
		prog string
		args string
	}{
		{"jest --ci", "jest", "--ci"},
		{"npx jest --ci", "jest", "--ci"},
		{"npx --yes -p jest jest --json", "jest", "--json"},
		{"npx -- jest", "jest", ""},
		{"bunx jest", "jest", ""},
		{"pnpm exec jest --json", "jest", "--json"},
		{"pnpm jest", "jest", ""},
		{"pnpm -C pkg exec jest", "jest", ""},
		{"pnpm dlx jest", "jest", ""},
		{"yarn jest --ci", "jest", "--ci"},
		{"yarn run jest", "jest", ""},
		{"npm exec -- jest --ci", "jest", "--ci"},
		{"npm exec jest", "jest", ""},
		{"npm test", "npm", "test"},
		{"bun x jest", "jest", ""},
		{"python -m pytest -x", "pytest", "-x"},
		{"python3 -u -m pytest", "pytest", ""},
		{"python3.12 -mpytest -q", "pytest", "-q"},
		{"python3 -X dev -m pytest", "pytest", ""},
		{"python3 script.py", "python3", "script.py"},
		{"python -c print(1)", "python", "-c print(1)"},
		{"uv run pytest -x", "pytest", "-x"},
		{"uv run --with rich python -m pytest", "pytest", ""},
		{"poetry run pytest", "pytest", ""},
		{"pipenv run pytest", "pytest", ""},
		{"env CI=1 FORCE_COLOR=0 jest", "jest", ""},
		{"env -u HOME -i jest", "jest", ""},
		{"env CI=1 npx jest", "jest", ""},
		{"node_modules/.bin/jest --ci", "jest", "--ci"},
		{"./node_modules/.bin/jest", "jest", ""},
		{"/usr/local/bin/pytest", "pytest", ""},
		{"node node_modules/jest/bin/jest.js --ci", "jest", "--ci"},
		{"node --max-old-space-size=4096 -r ts-node/register node_modules/.bin/jest", "jest", ""},
		{"timeout 60 jest", "jest", ""},
		{"timeout -s KILL 60 npx jest", "jest", ""},
		{"go test ./...", "go", "test ./..."},
		{"C:\\tools\\jest.cmd", "jest", ""},
		{"env", "env", ""},
		{"npx", "npx", ""},
	} {
		prog, args := Program(strings.Fields(tc.cmd))
		if prog != tc.prog || strings.Join(args, " ") != tc.args {
			t.Errorf("Program(%q) = %q %q, want %q %q", tc.cmd, prog, args, tc.prog, tc.args)
		}
	}
}

func TestProgramShellString(t *testing.T) {
	if prog, args := Program([]string{"sh", "-c", "npx jest --ci"}); prog != "jest" || len(args) != 1 {
		t.Errorf("sh -c 'npx jest --ci': %q %q", prog, args)
	}
	// Anything a shell would interpret is left alone.
	if prog, _ := Program([]string{"sh", "-c", "cd web && jest"}); prog != "sh" {
		t.Errorf("sh -c with &&: %q, want sh", prog)
	}
	if prog, _ := Program(nil); prog != "" {
		t.Errorf("empty argv: %q", prog)
	}
}

// FuzzProgram checks that any command line gives a program (or none, with
// no arguments) without panic.
func FuzzProgram(f *testing.F) {
	for _, s := range []string{"npx jest --ci", "python3 -m pytest", "env A=1 -u", "pnpm -C", "sh -c jest",
		"timeout -s", "uv run --with", "node -r", "npm exec --", "bun x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		argv := strings.Split(s, " ")
		prog, args := Program(argv)
		if prog == "" && args != nil {
			t.Fatalf("no program but args %q", args)
		}
	})
}

// node with a --test option runs its own test runner over the paths after
// it: the command is node --test, not a script named after the first path.
func TestKeysNodeTest(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"node --test", "node --test,node"},
		{"node --test test/", "node --test,node"},
		{"node --test test/a.test.js test/b.test.js", "node --test,node"},
		{"node --test-reporter=tap --test test/", "node --test,node"},
		{"node --test-reporter tap --test test/", "node --test,node"},
		{"node --test-reporter=tap test/a.test.js", "node --test,node"},
		{"npx node --test --test-concurrency=1 test", "node --test,node"},
		{"nodejs --test test/", "nodejs --test,nodejs"},
		// Without a --test option node runs the script, which is the program.
		{"node test/run.js --test", "run --test,run"},
		{"node node_modules/.bin/tape test/*.js", "tape test/*.js,tape"},
	} {
		if got := strings.Join(Keys(strings.Fields(tc.cmd)), ","); got != tc.want {
			t.Errorf("Keys(%q) = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}

// A build tool's task comes after its options, and may be named by its
// project or plugin: the keys name it alone too, so that a profile can
// claim the tasks that test and check, and no other.
func TestKeysTaskAfterOptions(t *testing.T) {
	for _, tc := range []struct{ cmd, want string }{
		{"mvn test", "mvn test,mvn"},
		{"mvn -B -q test", "mvn -B,mvn test,mvn"},
		{"mvn surefire:test", "mvn surefire:test,mvn test,mvn"},
		{"mvn dependency:tree", "mvn dependency:tree,mvn tree,mvn"},
		{"./gradlew :app:test --tests x.FooTest", "gradlew :app:test,gradlew test,gradlew"},
		{"gradle --offline test", "gradle --offline,gradle test,gradle"},
		{"gradle -p sub test", "gradle -p,gradle sub,gradle"},
		{"prettier --check .", "prettier --check,prettier .,prettier"},
		{"go test ./...", "go test,go"},
		{"mvn -v", "mvn -v,mvn"},
		{"gradle", "gradle"},
		{"gradle test:", "gradle test:,gradle"},
	} {
		if got := strings.Join(Keys(strings.Fields(tc.cmd)), ","); got != tc.want {
			t.Errorf("Keys(%q) = %q, want %q", tc.cmd, got, tc.want)
		}
	}
}
