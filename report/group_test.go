package report

import "testing"

func TestCauseKey(t *testing.T) {
	te := func(msg string) Failure { return Failure{Kind: KindError, Message: msg} }
	same := [][2]Failure{
		{te("TypeError: Cannot read properties of undefined (reading 'id')"), te("TypeError: Cannot read properties of undefined (reading 'id')")},
		{te("connect ECONNREFUSED 127.0.0.1:5432"), te("connect ECONNREFUSED 127.0.0.1:5432")},
		{te("failed at src/db.js:31:7\nmore"), te("failed at src/db.js:31:7\nmore")},
	}
	for _, p := range same {
		if a, b := CauseKey(p[0]), CauseKey(p[1]); a == "" || a != b {
			t.Errorf("%q and %q: keys %q, %q; want one", p[0].Message, p[1].Message, a, b)
		}
	}
	// Whatever differs is a fact of each failure: a quoted value, a
	// number, a path, a line after the first (cargo's left and right), a
	// detail.
	withDetail := te("ZodError: invalid input")
	withDetail.Details = []string{`"path": ["user", "email"]`}
	otherDetail := withDetail
	otherDetail.Details = []string{`"path": ["user", "name"]`}
	differ := [][2]Failure{
		{te("TypeError: x is not a function"), te("RangeError: x is not a function")},
		{te("TypeError: Cannot read properties of undefined (reading 'id')"), te("TypeError: Cannot read properties of undefined (reading 'name')")},
		{te("ENOENT: no such file or directory, open '/tmp/a/fixture.json'"), te("ENOENT: no such file or directory, open '/tmp/b/other.json'")},
		{te("connect ECONNREFUSED 127.0.0.1:5432"), te("connect ECONNREFUSED 127.0.0.1:5433")},
		{te("assertion `left == right` failed\n  left: 1\n right: 2"), te("assertion `left == right` failed\n  left: 3\n right: 2")},
		{withDetail, otherDetail},
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
