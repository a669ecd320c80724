package generic

import "testing"

// classify on lines of the real captures under profiles/generic/testdata/captures
// and profiles/generic/testdata/foreign: the shape of a problem line, not its words.
func TestClassify(t *testing.T) {
	cases := []struct {
		line string
		rank int
		head bool
	}{
		{"not ok 53 - slugify drops punctuation", rankError, true},
		{"    not ok 2 - nested truncate fails", rankError, true},
		{"ok 1 - slugify handles the word error without error", rankNone, false},
		{"FAIL: test_round_half (tests.test_ledger.LedgerTests.test_round_half)", rankError, true},
		{"ERROR: test_memo_none (tests.test_ledger.LedgerTests.test_memo_none)", rankError, true},
		{"test_memo_00_error_without_error (tests.test_ledger.PassingChecks.test_memo_00_error_without_error) ... ok", rankNone, false},
		{"test_round_half (tests.test_ledger.LedgerTests.test_round_half) ... FAIL", rankError, true},
		{"  1) format", rankError, true},
		{"  ✔ formats 0 cents without error", rankNone, false},
		{"---- tests::overwrite_oldest stdout ----", rankError, true},
		{"thread 'tests::overwrite_oldest' panicked at src/lib.rs:63:9:", rankError, false},
		{"src/mod0.ts:3:14 - error TS2322: Type 'string' is not assignable to type 'number'.", rankError, true},
		{"src/mod0.ts(3,14): error TS2322: Type 'string' is not assignable to type 'number'.", rankError, true},
		{"inventory.py:12:0: E0102: function already defined line 7 (function-redefined)", rankError, true},
		{"inventory.py:8:9: W1514: Using open without explicitly specifying an encoding (unspecified-encoding)", rankWarning, true},
		{"inventory.py:7:0: C0116: Missing function or method docstring (missing-function-docstring)", rankNote, true},
		{`shop/mod0.py:244: error: Incompatible return value type (got "int", expected "str")  [return-value]`, rankError, true},
		{"  ● toCents › toCents(0.107) = 11", rankError, true},
		{"   3:15  warning  Unexpected string concatenation                   prefer-template", rankWarning, false},
		{"Traceback (most recent call last):", rankError, false},
		{"  duration_ms: 0.127599", rankNone, false},
	}
	for _, c := range cases {
		rank, head := classify(c.line)
		if rank != c.rank || head != c.head {
			t.Errorf("classify(%q) = %d, %v; want %d, %v", c.line, rank, head, c.rank, c.head)
		}
	}
}
