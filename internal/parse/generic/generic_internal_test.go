package generic

import "testing"

func TestLooksLikeProblem(t *testing.T) {
	for l, want := range map[string]bool{
		"src/f120.c:1:30: error: ‘y’ undeclared":     true,
		"SyntaxError: Unexpected token":              true,
		"java.lang.NullPointerException":             true,
		"3 errors":                                   true,
		"FAILED tests/test_x.py::t":                  true,
		"make: *** [Makefile:8: src/f245.o] Error 1": true,
		"bash: foo: command not found":               true,
		"CC src/f001.c":                              false,
		"no problems here, errorless and mirrored":   false,
		"2 warnings generated.":                      true,
		"Downloading https://example.com/pkg.tgz ok": false,
		"panicky? no: panic: runtime error":          true,
	} {
		if got := looksLikeProblem(l); got != want {
			t.Errorf("looksLikeProblem(%q) = %v, want %v", l, got, want)
		}
	}
}

func TestIsProgressLine(t *testing.T) {
	for l, want := range map[string]bool{
		"⠋ Installing dependencies": true,
		"◐ building":                true,
		"/dev/null  45%[========>          ]  17.1M  15.0MB/s": true,
		"######################################## 100.0%":      true,
		"━━━━━━━━━━━━━━━━━━━━ 45.2/100.0 MB 12.1 MB/s":         false, // no percentage: kept
		"100% of tests passed": false,
		"| name | value |":     false,
		"- item":               false,
		"⠋":                    false,
	} {
		if got := isProgressLine(l); got != want {
			t.Errorf("isProgressLine(%q) = %v, want %v", l, got, want)
		}
	}
}
