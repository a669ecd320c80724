package pytest

import (
	"regexp"
	"strconv"
	"testing"
)

// The expressions the byte scans replaced: the scans must read every line
// as they did.
var (
	oracleNativeRe  = regexp.MustCompile(`^\s*File "(.+)", line (\d+)(?:, in (.+))?$`)
	oracleSectionRe = regexp.MustCompile(`^=+ (.+?) =+$`)
	oracleCaptureRe = regexp.MustCompile(`^-+ (Captured .+?) -+$`)
	oracleFuncargRe = regexp.MustCompile(`^[\w.]+ = `)
)

var nativeSeeds = []string{
	`  File "/abs/tests/t.py", line 12, in test_a`,
	`File "t.py", line 3`,
	"\t File \"t.py\", line 3, in <module>",
	`  File "<frozen importlib._bootstrap>", line 1206, in _gcd_import`,
	`  File "a.py", line 3, in f", line 5x`,
	`  File "a.py", line 3, in f", line 5`,
	`  File "a", line b.py", line 7`,
	`  File "", line 3`,
	`  File "t.py", line , in f`,
	`  File "t.py", line 3, in `,
	`  File "t.py", line 3,in f`,
	`  File "t.py", line 99999999999999999999999`,
	`  File "t.py", line 3x`,
	`  file "t.py", line 3`,
	"  File \"t\n.py\", line 3",
	"\n File \"t.py\", line 3",
	`x File "t.py", line 3`,
	`    assert total(items) == 11`,
	`E   File "src/bad.py", line 4`,
	"",
}

func TestPyNativeLocAgreesWithExpression(t *testing.T) {
	for _, l := range nativeSeeds {
		checkNative(t, l)
	}
}

func FuzzPyNativeLoc(f *testing.F) {
	for _, l := range nativeSeeds {
		f.Add(l)
	}
	f.Fuzz(checkNative)
}

func checkNative(t *testing.T, line string) {
	got, ok := pyNativeLoc(line)
	m := oracleNativeRe.FindStringSubmatch(line)
	if ok != (m != nil) {
		t.Fatalf("pyNativeLoc(%q) ok = %v, expression %v", line, ok, m != nil)
	}
	if m == nil {
		return
	}
	n, _ := strconv.Atoi(m[2])
	want := pyFrame{file: m[1], line: n, fn: m[3], off: -1}
	if got != want {
		t.Fatalf("pyNativeLoc(%q) = %+v, expression %+v", line, got, want)
	}
}

var sectionSeeds = []string{
	"=================================== FAILURES ===================================",
	"= a =",
	"== x  ==",
	"== = x ==",
	"== ==",
	"=  =",
	"=   =",
	"==== warnings summary (final) ====",
	"====x ====",
	"==== x====",
	"==== x",
	"=",
	"====",
	"= a\nb =",
	"== 3 failed, 1 passed in 0.12s ==",
	"---------------------------- Captured stdout call -----------------------------",
	"- Captured x -",
	"- Captured  -",
	"-- Captured --",
	"--- Captured log setup ---",
	"- - - - - - -",
	"- foo",
	"+ bar",
	"self = <test_params.TestRates object at 0x7f>, limit = 2",
	"a.b_c9 = 1",
	"x = ",
	" x = 1",
	"x  = 1",
	"é = 1",
	"",
}

func TestPyRuleTitlesAgreeWithExpressions(t *testing.T) {
	for _, l := range sectionSeeds {
		checkSection(t, l)
	}
}

func FuzzPyRuleTitles(f *testing.F) {
	for _, l := range sectionSeeds {
		f.Add(l)
	}
	f.Fuzz(checkSection)
}

// checkSection compares the scans of the rule lines, and of the argument
// lines that share their first bytes, with their expressions.
func checkSection(t *testing.T, line string) {
	got, ok := pyRuleTitle(line, '=')
	m := oracleSectionRe.FindStringSubmatch(line)
	if ok != (m != nil) || (m != nil && got != m[1]) {
		t.Fatalf("pyRuleTitle(%q, '=') = %q, %v; expression %q", line, got, ok, m)
	}
	c0 := byte(0)
	if line != "" {
		c0 = line[0]
	}
	got, ok = pyCaptureTitle(c0, line)
	m = oracleCaptureRe.FindStringSubmatch(line)
	if ok != (m != nil) || (m != nil && got != m[1][len("Captured "):]) {
		t.Fatalf("pyCaptureTitle(%q) = %q, %v; expression %q", line, got, ok, m)
	}
	if pyIsFuncarg(line) != oracleFuncargRe.MatchString(line) {
		t.Fatalf("pyIsFuncarg(%q) = %v, expression %v", line, pyIsFuncarg(line), !pyIsFuncarg(line))
	}
}
