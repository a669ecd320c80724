package pytest

import "testing"

func TestSplitSummaryEntry(t *testing.T) {
	cases := []struct{ in, nodeid, msg string }{
		{"tests/t.py::test_a - assert 1 == 2", "tests/t.py::test_a", "assert 1 == 2"},
		{"tests/t.py::test_a", "tests/t.py::test_a", ""},
		{"tests/t.py::test_pad[too long] - AssertionError: x", "tests/t.py::test_pad[too long]", "AssertionError: x"},
		{"tests/t.py::test_x[a - b] - ValueError: y", "tests/t.py::test_x[a - b]", "ValueError: y"},
		{"tests/t.py::test_x[a]b] - E", "tests/t.py::test_x[a]b]", "E"},
		{"tests/t.py::TestX::test_y[1] ", "tests/t.py::TestX::test_y[1]", ""},
		{"tests/t.py::test_sometimes flaky upstream", "tests/t.py::test_sometimes", "flaky upstream"},
		{"tests/test_settings.py - ValueError: bad", "tests/test_settings.py", "ValueError: bad"},
		{"tests/test_imports.py", "tests/test_imports.py", ""},
	}
	for _, c := range cases {
		n, m := splitSummaryEntry(c.in)
		if n != c.nodeid || m != c.msg {
			t.Errorf("splitSummaryEntry(%q) = %q, %q; want %q, %q", c.in, n, m, c.nodeid, c.msg)
		}
	}
}

func TestPyHeadingName(t *testing.T) {
	cases := map[string]string{
		"test_a":                          "test_a",
		"TestRates.test_rate_limit[2]":    "TestRates::test_rate_limit[2]",
		"TestA.TestB.test_c[1.5-x.y]":     "TestA::TestB::test_c[1.5-x.y]",
		"ERROR at setup of TestX.test_y":  "TestX::test_y",
		"ERROR at teardown of test_z":     "test_z",
		"test_auth.py::test_token_expiry": "test_token_expiry",
		"[doctest] shop.cart.total":       "[doctest] shop.cart.total",
	}
	for in, want := range cases {
		if got := pyHeadingName(in); got != want {
			t.Errorf("pyHeadingName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestPyNamesAgree(t *testing.T) {
	cases := []struct {
		heading, phase, nodeid string
		want                   bool
	}{
		{"TestRates.test_rate_limit[2]", "", "tests/t.py::TestRates::test_rate_limit[2]", true},
		{"test_a", "", "tests/t.py::test_b", false},
		{"ERROR collecting tests/t.py", "collect", "tests/t.py", true},
		{"ERROR collecting tests/t.py", "collect", "tests/u.py", false},
		{"[doctest] shop.cart.total", "", "src/shop/cart.py::shop.cart.total", true},
		{"", "", "tests/t.py::test_a", true},
	}
	for _, c := range cases {
		if got := pyNamesAgree(&pyBlock{heading: c.heading, phase: c.phase}, c.nodeid); got != c.want {
			t.Errorf("pyNamesAgree(%q, %q) = %v, want %v", c.heading, c.nodeid, got, c.want)
		}
	}
}

func TestPyLoc(t *testing.T) {
	cases := []struct {
		in   string
		file string
		line int
		rest string
		ok   bool
	}{
		{"tests/test_cart.py:26: AssertionError", "tests/test_cart.py", 26, "AssertionError", true},
		{"tests/test_cart.py:66:", "tests/test_cart.py", 66, "", true},
		{"src/shop/cart.py:25: in load_order", "src/shop/cart.py", 25, "in load_order", true},
		{"/abs/t.py:13: AssertionError: assert 'a' == 'b'", "/abs/t.py", 13, "AssertionError: assert 'a' == 'b'", true},
		{"/abs/tests/test_files.py:23", "/abs/tests/test_files.py", 23, "", true},
		{"<frozen importlib._bootstrap>:1206: in _gcd_import", "<frozen importlib._bootstrap>", 1206, "in _gcd_import", true},
		{"src/fast.pyx:7: in loop", "src/fast.pyx", 7, "in loop", true},
		{`C:\proj\tests\test_a.py:3: in test_a`, `C:\proj\tests\test_a.py`, 3, "in test_a", true},
		{"my.python/t.py:4: ValueError", "my.python/t.py", 4, "ValueError", true},
		{"    assert total(items) == 11", "", 0, "", false},
		{"self = <test_params.TestRates object at 0x7f>, limit = 2", "", 0, "", false},
		{"tests/test_a.py::test_b PASSED", "", 0, "", false},
		{"tests/t.py:12x", "", 0, "", false},
		{"t.py:", "", 0, "", false},
	}
	for _, c := range cases {
		file, line, rest, ok := pyLoc(c.in)
		if file != c.file || line != c.line || rest != c.rest || ok != c.ok {
			t.Errorf("pyLoc(%q) = %q, %d, %q, %v", c.in, file, line, rest, ok)
		}
	}
}

func TestPyHeadingAndSeparator(t *testing.T) {
	if h, ok := pyHeading("______ TestRates.test_rate_limit[2] ______"); !ok || h != "TestRates.test_rate_limit[2]" {
		t.Errorf("heading: %q %v", h, ok)
	}
	if h, ok := pyHeading("_ test__x_ _"); !ok || h != "test__x_" {
		t.Errorf("narrow heading: %q %v", h, ok)
	}
	for _, l := range []string{"_ _ _ _ _ _", "__init__", "____", "_x_"} {
		if _, ok := pyHeading(l); ok {
			t.Errorf("%q taken for a heading", l)
		}
	}
	if !pyIsEntrySep("_ _ _ _ _") || pyIsEntrySep("__ _ _") || pyIsEntrySep("_") {
		t.Error("entry separator")
	}
	if fn, ok := pyDefName("    async def test_rate_limit(self):"); !ok || fn != "test_rate_limit" {
		t.Errorf("def: %q %v", fn, ok)
	}
	if _, ok := pyDefName("def at_margin():"); ok {
		t.Error("a def at the margin is not source")
	}
}
