package report

import "testing"

func TestCauseKey(t *testing.T) {
	te := func(msg string) Failure { return Failure{Kind: KindError, Message: msg} }
	same := [][2]Failure{
		{te("TypeError: Cannot read properties of undefined (reading 'id')"), te("TypeError: Cannot read properties of undefined (reading 'name')")},
		{te("ENOENT: no such file or directory, open '/tmp/a/fixture.json'"), te("ENOENT: no such file or directory, open '/tmp/b/other.json'")},
		{te("connect ECONNREFUSED 127.0.0.1:5432"), te("connect ECONNREFUSED 127.0.0.1:5433")},
		{te("failed at src/db.js:31:7\nmore"), te("failed at src/db.js:44:2\nother")},
	}
	for _, p := range same {
		if a, b := CauseKey(p[0]), CauseKey(p[1]); a == "" || a != b {
			t.Errorf("%q and %q: keys %q, %q; want one", p[0].Message, p[1].Message, a, b)
		}
	}
	differ := [][2]Failure{
		{te("TypeError: x is not a function"), te("RangeError: x is not a function")},
		{te("TypeError: x is not a function"), {Kind: KindTimeout, Message: "TypeError: x is not a function"}},
	}
	for _, p := range differ {
		if CauseKey(p[0]) == CauseKey(p[1]) {
			t.Errorf("%q and %q share a key", p[0].Message, p[1].Message)
		}
	}
	never := []Failure{
		{Kind: KindAssertion, Message: "expect(received).toBe(expected)", Expected: "1", Received: "2"},
		{Kind: KindSnapshot, Message: "snapshot", Diff: []string{"- a", "+ b"}},
		{Kind: KindLint, Message: "no-unused-vars"},
		{Kind: KindAssertion, Message: "Add(-2, -3) = -4, want -5"},
		{Kind: KindError},
	}
	for _, f := range never {
		if k := CauseKey(f); k != "" {
			t.Errorf("CauseKey(%+v) = %q, want none: never grouped", f, k)
		}
	}
}
