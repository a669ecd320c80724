package agents

import (
	"testing"

	"github.com/terse-dev/terse/internal/commands"
)

func builtinTools(t testing.TB) func([]string) bool {
	t.Helper()
	return Tools(commands.NewSet(commands.Builtin))
}

// rewriteCases are real-world command lines an agent sends, with the
// expected rewrite ("" when the command must stay as it is).
var rewriteCases = []struct {
	cmd, want string
}{
	// Plain tools and launchers (commands.Program sees through them).
	{"jest", "terse run -- jest"},
	{"jest --ci", "terse run -- jest --ci"},
	{"npx jest --ci --silent", "terse run -- npx jest --ci --silent"},
	{"pnpm exec jest src/cart.test.ts", "terse run -- pnpm exec jest src/cart.test.ts"},
	{"pnpm jest", "terse run -- pnpm jest"},
	{"yarn jest --watchAll=false", "terse run -- yarn jest --watchAll=false"},
	{"npm exec -- jest", "terse run -- npm exec -- jest"},
	{"bunx jest", "terse run -- bunx jest"},
	{"./node_modules/.bin/jest -t 'adds two numbers'", "terse run -- ./node_modules/.bin/jest -t 'adds two numbers'"},
	{"node node_modules/jest/bin/jest.js --runInBand", "terse run -- node node_modules/jest/bin/jest.js --runInBand"},
	{"pytest -x -q tests/", "terse run -- pytest -x -q tests/"},
	{"python -m pytest -k 'not slow'", "terse run -- python -m pytest -k 'not slow'"},
	{"python3 -m pytest tests/test_api.py::test_login -vv", "terse run -- python3 -m pytest tests/test_api.py::test_login -vv"},
	{"uv run pytest", "terse run -- uv run pytest"},
	{"poetry run pytest --maxfail=1", "terse run -- poetry run pytest --maxfail=1"},
	{"go test ./...", "terse run -- go test ./..."},
	{"go test -run 'TestParse/empty input' ./parser", "terse run -- go test -run 'TestParse/empty input' ./parser"},
	{"npx eslint src --ext .ts", "terse run -- npx eslint src --ext .ts"},
	{"timeout 120 npx jest", "terse run -- timeout 120 npx jest"},
	{"env CI=1 npx jest", "terse run -- env CI=1 npx jest"},
	{`\jest --ci`, `terse run -- \jest --ci`},
	{`"jest" --ci`, `terse run -- "jest" --ci`},

	// Tools terse has no profile for, and commands that are not tools.
	// Package-manager scripts and task runners named as check runs
	// (issue 53); the project's files are not read here (see reach_test.go).
	{"npm test", "terse run -- npm test"},
	{"npm run test -- --ci", "terse run -- npm run test -- --ci"},
	{"npm t", "terse run -- npm t"},
	{"npm run lint", "terse run -- npm run lint"},
	{"npm run test:unit", "terse run -- npm run test:unit"},
	{"pnpm test", "terse run -- pnpm test"},
	{"pnpm run typecheck", "terse run -- pnpm run typecheck"},
	{"yarn test", "terse run -- yarn test"},
	{"yarn run build", "terse run -- yarn run build"},
	{"bun test", "terse run -- bun test"},
	{"bun run test", "terse run -- bun run test"},
	{"npm --prefix web test", "terse run -- npm --prefix web test"},
	{"make test", "terse run -- make test"},
	{"make -C sub check", "terse run -- make -C sub check"},
	{"make -j4 lint test", "terse run -- make -j4 lint test"},
	{"just test", "terse run -- just test"},
	{"tox", "terse run -- tox"},
	{"tox -e py312", "terse run -- tox -e py312"},
	{"nox -s tests", "terse run -- nox -s tests"},
	{"uv run tox", "terse run -- uv run tox"},
	{"poetry run make test", "terse run -- poetry run make test"},
	{"bundle exec make check", "terse run -- bundle exec make check"},
	{"npx --yes jest", "terse run -- npx --yes jest"},
	// Servers, watchers, other scripts and the package managers' own
	// commands: never.
	{"npm run dev", ""},
	{"npm start", ""},
	{"npm run start:api", ""},
	{"npm run serve", ""},
	{"npm run deploy", ""},
	{"npm install", ""},
	{"npm ci", ""},
	{"npm run", ""},
	{"pnpm dev", ""},
	{"yarn watch", ""},
	{"npm test -- --watch", ""},
	{"npm run test:watch", ""},
	{"npx jest --watch", ""},
	{"npx jest --watchAll", ""},
	{"jest --watchAll=false", "terse run -- jest --watchAll=false"},
	{"npx vitest watch", ""},
	{"npx tsc -w", ""},
	{"./gradlew test --continuous", ""},
	{"gradle -t test", ""},
	{"mvn dependency:tree", ""},
	{"./gradlew tasks", ""},
	{"make dev", ""},
	{"make run", ""},
	{"make", ""},
	{"make install", ""},
	{"tox -l", ""},
	{"go mod tidy", ""},
	{"go run .", ""},
	// go vet and go build have a profile since issue 13 (go-vet).
	{"go build ./...", "terse run -- go build ./..."},
	{"go vet ./...", "terse run -- go vet ./..."},
	{"git status", ""},
	{"ls -la", ""},
	{"cat package.json", ""},
	{"python script.py", ""},
	{"sudo pytest", ""},
	{"exec jest", ""},
	{"command jest", ""},
	{"$JEST --ci", ""},
	{"${RUNNER:-jest}", ""},

	// Environment assignments stay in front of the command they set.
	{"CI=true npx jest", "CI=true terse run -- npx jest"},
	{"NODE_OPTIONS=--experimental-vm-modules npx jest", "NODE_OPTIONS=--experimental-vm-modules terse run -- npx jest"},
	{`FOO="a b" BAR=$HOME pytest`, `FOO="a b" BAR=$HOME terse run -- pytest`},

	// Chains: only the matching simple commands.
	{"cd web && npx jest", "cd web && terse run -- npx jest"},
	{"cd web && npm test", "cd web && terse run -- npm test"},
	{"cd /tmp/my project && pytest", "cd /tmp/my project && terse run -- pytest"},
	{"npm install && npx jest --ci", "npm install && terse run -- npx jest --ci"},
	{"go mod tidy && go test ./...", "go mod tidy && terse run -- go test ./..."},
	{"go vet ./... && go test ./...", "terse run -- go vet ./... && terse run -- go test ./..."},
	{"pytest || echo failed", "terse run -- pytest || echo failed"},
	{"go mod download ; go test ./...", "go mod download ; terse run -- go test ./..."},
	{"jest; pytest", "terse run -- jest; terse run -- pytest"},
	{"npx jest\npytest -q\n", "terse run -- npx jest\nterse run -- pytest -q\n"},
	{"! pytest", "! terse run -- pytest"},
	{"time go test ./...", "time terse run -- go test ./..."},

	// Subshells, groups, conditionals and loops.
	{"(cd web && npx jest)", "(cd web && terse run -- npx jest)"},
	{"{ go test ./...; }", "{ terse run -- go test ./...; }"},
	{"if pytest -q; then echo ok; fi", "if terse run -- pytest -q; then echo ok; fi"},
	{"for d in a b; do (cd \"$d\" && go test ./...); done", "for d in a b; do (cd \"$d\" && terse run -- go test ./...); done"},
	{"while ! pytest -x; do sleep 1; done", "while ! terse run -- pytest -x; do sleep 1; done"},
	{"case $1 in js) npx jest;; py) pytest;; esac", "case $1 in js) terse run -- npx jest;; py) terse run -- pytest;; esac"},

	// Quoting with spaces and $vars is kept exactly.
	{`pytest -k "$PATTERN and not slow" "tests/my dir"`, `terse run -- pytest -k "$PATTERN and not slow" "tests/my dir"`},
	{`npx jest -t 'cart › computes the total' --coverage=$COV`, `terse run -- npx jest -t 'cart › computes the total' --coverage=$COV`},
	{`jest $(git diff --name-only)`, `terse run -- jest $(git diff --name-only)`},
	{"jest \\\n  --ci", "terse run -- jest \\\n  --ci"},
	{"pytest  -q   # run the fast ones", "terse run -- pytest  -q   # run the fast ones"},

	// Redirections that keep the output with the agent.
	{"npx jest 2>&1", "terse run -- npx jest 2>&1"},
	{"go test ./... >&2", "terse run -- go test ./... >&2"},
	{"pytest < /dev/null", "terse run -- pytest < /dev/null"},
	{"cat fixtures.txt | pytest -q", "cat fixtures.txt | terse run -- pytest -q"},
	{"pytest 3>&1", "terse run -- pytest 3>&1"},

	// Output that goes somewhere else: unchanged.
	{"jest | tee log.txt", ""},
	// A tail or head that only bounds the merged output: the writer is
	// wrapped, fitted to the lines the reader keeps (issue 53).
	{"npx jest 2>&1 | tail -50", "terse run --max-lines 50 -- npx jest 2>&1 | tail -50"},
	{"go test ./... 2>&1 | tail -n 30", "terse run --max-lines 30 -- go test ./... 2>&1 | tail -n 30"},
	{"go test ./... |& head -40", "terse run --max-lines 40 -- go test ./... |& head -40"},
	{"npm test 2>&1 | tail", "terse run --max-lines 10 -- npm test 2>&1 | tail"},
	{"cd web && CI=1 npx jest 2>&1 | tail --lines=25", "cd web && CI=1 terse run --max-lines 25 -- npx jest 2>&1 | tail --lines=25"},
	// Not when stderr bypasses the pipe, or the reader wants the bytes.
	{"pytest -q | head -50", ""},
	{"go test ./... 2>&1 | tail -5", ""},
	{"go test ./... 2>&1 | tail -f", ""},
	{"go test ./... 2>&1 | tail -n +5", ""},
	{"go test ./... 2>&1 | tail -c 300", ""},
	{"go test ./... 2>&1 | tail -30 > last.txt", ""},
	{"go test ./... 2>&1 | grep FAIL | tail -30", ""},
	{"go test ./... 2>&1 | tail -30 | grep FAIL", ""},
	{"go test ./... 2>&1 >/dev/null | tail -30", ""},
	{"go test ./... 2>&1 | tee log | tail -30", ""},
	{"tail() { cat; }; go test ./... 2>&1 | tail -30", ""},
	{"(go test ./...) 2>&1 | tail -30", ""},

	// Lines that change what a later command runs (issue 52 item 6).
	{"exec 2>/dev/null; jest", ""},
	{"exec >log 2>&1; pytest", ""},
	{"PATH=/usr/bin:/bin npx jest", ""},
	{"export PATH=/usr/bin:/bin; npx jest", ""},
	{"unset PATH; jest", ""},
	{"source fn.sh; jest", ""},
	{". ./fn.sh && jest", ""},
	{"eval \"$setup\"; jest", ""},
	{"hash -p ./stub jest; jest", ""},
	{"jest <&-", ""},
	{"jest 0<&-", ""},
	// env sets PATH for the command only: terse is found as before.
	{"env PATH=/usr/bin:/bin jest", "terse run -- env PATH=/usr/bin:/bin jest"},
	{"go test ./... |& grep FAIL", ""},
	{"go test -json ./... | jq .", ""},
	{"jest > out.txt", ""},
	{"jest >> out.txt 2>&1", ""},
	{"pytest &> log", ""},
	{"pytest 2>/dev/null", ""},
	{"pytest >/dev/null 2>&1", ""},
	{"pytest >&-", ""},
	{"(cd web && npx jest) > out.txt", ""},
	{"{ jest; pytest; } 2>&1 | tee all.log", ""},
	{"out=$(npx jest 2>&1)", ""},
	{"echo \"$(pytest -q)\"", ""},
	{"diff <(pytest -q) expected.txt", ""},
	{"npx jest &", ""},
	{"npx jest & wait", ""},
	{"f() { jest; }; f", ""},
	{"coproc pytest", ""},

	// Already wrapped, or asked not to be.
	{"terse run -- npx jest", ""},
	{"terse run --limit 0 -- pytest", ""},
	{"npx jest 2>&1 | terse", ""},
	{"npx terse run -- jest", ""},
	{"TERSE_DISABLE=1 npx jest", ""},
	{"export TERSE_DISABLE=1; pytest", ""},

	// Here-documents: the body is never touched.
	{"pytest -q - <<'EOF'\ndef test_x(): assert 1\nEOF", "terse run -- pytest -q - <<'EOF'\ndef test_x(): assert 1\nEOF"},
	{"cat <<EOF > conf.json\n{\"jest\": 1}\nEOF\nnpx jest", "cat <<EOF > conf.json\n{\"jest\": 1}\nEOF\nterse run -- npx jest"},
	{"jest <<< \"$input\"", "terse run -- jest <<< \"$input\""},

	// What does not parse stays as it is.
	{"npx jest 'unterminated", ""},
	{"(npx jest", ""},
	{"if jest; then", ""},
	{"", ""},
}

func TestRewriteTable(t *testing.T) {
	known := builtinTools(t)
	for _, tc := range rewriteCases {
		got, changed := Rewrite(tc.cmd, known)
		want := tc.want
		if want == "" {
			want = tc.cmd
		}
		if got != want || changed != (tc.want != "") {
			t.Errorf("Rewrite(%q)\n got %q (changed %v)\nwant %q", tc.cmd, got, changed, want)
		}
	}
}
