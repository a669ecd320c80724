package pytest

import (
	"strconv"
	"strings"

	"github.com/terse-dev/terse/report"
)

// shortLine reads the short test summary: the node ids of the failures and
// errors, in the order of their blocks.
func (p *parser) shortLine(line string) {
	if line == "" {
		return
	}
	p.b.OmitKey(report.OmitShortSummaryLines, 1)
	var cat byte
	var rest string
	switch {
	case strings.HasPrefix(line, "FAILED "):
		cat, rest = 'F', strings.TrimPrefix(line, "FAILED ")
	case strings.HasPrefix(line, "ERROR "):
		cat, rest = 'E', strings.TrimPrefix(line, "ERROR ")
	default:
		return
	}
	// The entry is split only for a block on the page: most of a long
	// run's are off it.
	c := catIndex(cat)
	i := p.sumSeen[c]
	p.sumSeen[c]++
	if i < p.catSeen[c] {
		if k := p.byCat[c][i]; k != nil {
			if nodeid, msg := splitSummaryEntry(rest); pyNamesAgree(k, nodeid) {
				k.nodeid, k.sumMsg = nodeid, msg
			}
		}
		return
	}
	// No block for it (--tb=no): the summary line is all there is.
	idx := p.nblocks
	p.nblocks++
	if p.opt.Window.Keeps(p.runStart + idx) {
		nodeid, msg := splitSummaryEntry(rest)
		k := &pyBlock{cat: cat, nodeid: nodeid, sumMsg: msg, fromSum: true}
		if !strings.Contains(nodeid, "::") && cat == 'E' {
			k.phase = "collect"
		}
		p.kept = append(p.kept, k)
		p.keptAt = append(p.keptAt, idx)
	}
}

// splitSummaryEntry splits "tests/t.py::test_x[a - b] - AssertionError: ..."
// into the node id and the message. A parameter id may hold " - ", so the
// node id runs to the "]" that closes its parameters; the "[" that opens
// them follows the test name directly, so one after a space (a message
// "assert [(2, 1)] == ...") is the message's.
func splitSummaryEntry(s string) (nodeid, msg string) {
	from := 0
	if i := strings.Index(s, "::"); i >= 0 {
		if j := strings.IndexAny(s[i:], " ["); j >= 0 && s[i+j] == '[' {
			if k := strings.LastIndex(s, "]"); k > i+j {
				for e := i + j; e < len(s); e++ {
					if s[e] == ']' && (e+1 == len(s) || strings.HasPrefix(s[e+1:], " - ") || s[e+1] == ' ') {
						from = e + 1
						break
					}
				}
			}
		}
	}
	if i := strings.Index(s[from:], " - "); i >= 0 {
		return s[:from+i], s[from+i+3:]
	}
	if i := strings.IndexByte(s[from:], ' '); i >= 0 {
		// XPASS and -rA lines put the reason after a space.
		return s[:from+i], strings.TrimSpace(s[from+i:])
	}
	return s, ""
}

// pyNamesAgree checks that a summary node id belongs to a block: the
// heading ("TestX.test_y[p]", "ERROR at setup of test_y", "ERROR collecting
// tests/t.py") names the same item.
func pyNamesAgree(k *pyBlock, nodeid string) bool {
	h := pyHeadingName(k.heading)
	if h == "" {
		return true // --tb=line: no heading to compare
	}
	if k.phase == "collect" {
		return strings.TrimPrefix(k.heading, "ERROR collecting ") == nodeid
	}
	norm := func(s string) string { return strings.ReplaceAll(s, "::", ".") }
	tail := nodeid
	if _, t, ok := strings.Cut(nodeid, "::"); ok {
		tail = t
	}
	a, b := norm(h), norm(tail)
	return a == b || strings.HasSuffix(a, "."+b) || strings.HasSuffix(b, "."+a) || strings.HasSuffix(a, " "+b)
}

// pyHeadingName turns a block heading into the node id's name part:
// "TestRates.test_rate_limit[2]" becomes "TestRates::test_rate_limit[2]".
func pyHeadingName(h string) string {
	h = strings.TrimPrefix(h, "ERROR at setup of ")
	h = strings.TrimPrefix(h, "ERROR at teardown of ")
	if i := strings.Index(h, ".py::"); i >= 0 {
		return h[i+len(".py::"):]
	}
	base, param := h, ""
	if i := strings.IndexByte(h, '['); i >= 0 {
		base, param = h[:i], h[i:]
	}
	if strings.Contains(base, " ") {
		return h // "[doctest] mod.func" and other non-Python items
	}
	return strings.ReplaceAll(base, ".", "::") + param
}

// finalLine reads "== 3 failed, 34 passed, 2 warnings in 2.41s ==" and
// closes the run.
func (p *parser) finalLine(s string) {
	if s == "no tests ran" {
		p.b.Note("no tests ran")
		p.endRun(true)
		return
	}
	var c report.Counts
	xfailed, xpassed, warnings := 0, 0, 0
	for num, word, rest, ok := pyNextCount(s); ok; num, word, rest, ok = pyNextCount(rest) {
		n, _ := strconv.Atoi(num)
		switch word {
		case "failed":
			c.Failed += n
		case "passed":
			c.Passed += n
		case "skipped":
			c.Skipped += n
		case "xfailed":
			xfailed += n
		case "xpassed":
			xpassed += n
		case "error", "errors":
			c.Errors += n
		case "warning", "warnings":
			warnings += n
		case "deselected":
			p.b.OmitKey(report.OmitDeselectedTests, n)
		case "rerun":
			p.b.OmitKey(report.OmitReruns, n)
		}
	}
	// As in pytest's JUnit XML, an xfailed test counts as skipped and an
	// xpassed one as passed; the omitted line keeps them apart.
	c.Skipped += xfailed
	c.Passed += xpassed
	// The total is the tests collected; -q does not print that number, so
	// it is also the sum of the outcomes, where a test that errored at
	// setup has no other outcome (one that errored at teardown has).
	c.Total = c.Passed + c.Failed + c.Skipped + p.setupErrs
	if p.collected > c.Total {
		c.Total = p.collected
	}
	p.b.AddTests(c)
	p.b.OmitKey(report.OmitPassedTests, c.Passed-xpassed)
	p.b.OmitKey(report.OmitXfailedTests, xfailed)
	p.b.OmitKey(report.OmitXpassedTests, xpassed)
	p.warnLines = 0
	p.b.OmitKey(report.OmitWarnings, warnings)
	p.endRun(true)
}
