package report

import "strings"

// OmissionKey names one kind of thing a report leaves out, in the plural,
// as the "omitted:" line says it for every count but one. Parsers count
// with the constants below, which know their singular form: a key written
// as free text at each call site drifted ("1 timing lines") and a rule for
// the last word cannot put "detail lines of problems" in the singular. Keys
// from elsewhere (a user profile's jq program) are free text and fall back
// to that rule.
type OmissionKey string

// The keys parsers share. Each has its singular form in singulars.
const (
	OmitLines                 OmissionKey = "lines"
	OmitOtherLines            OmissionKey = "other lines"
	OmitBlankLines            OmissionKey = "blank lines"
	OmitProgressLines         OmissionKey = "progress lines"
	OmitRepeatedLines         OmissionKey = "repeated lines"
	OmitHeaderLines           OmissionKey = "header and progress lines"
	OmitMessageLines          OmissionKey = "message lines"
	OmitDetailLines           OmissionKey = "detail lines"
	OmitProblemDetailLines    OmissionKey = "detail lines of problems"
	OmitTimingLines           OmissionKey = "timing lines"
	OmitPerTestLines          OmissionKey = "per-test lines"
	OmitCodeFrameLines        OmissionKey = "code-frame lines"
	OmitUnchangedDiffLines    OmissionKey = "unchanged diff lines"
	OmitStackFrames           OmissionKey = "stack frames"
	OmitTracebackSource       OmissionKey = "traceback source lines"
	OmitConsoleBlocks         OmissionKey = "console blocks"
	OmitPassedTests           OmissionKey = "passed tests"
	OmitRepeatedSummaries     OmissionKey = "repeated failure summaries"
	OmitOtherTestsOutput      OmissionKey = "output lines of other tests"
	OmitPassedSkippedOutput   OmissionKey = "output lines of passed or skipped tests"
	OmitUnexplainedFailures   OmissionKey = "unexplained failure lines"
	OmitNULBytes              OmissionKey = "NUL bytes"
	OmitStderrLines           OmissionKey = "stderr lines"
	OmitWarnings              OmissionKey = "warnings"
	OmitUnmatchedLines        OmissionKey = "unmatched lines"
	OmitSuppressedEslintRule  OmissionKey = "problems suppressed by eslint-disable comments"
	OmitPackageManagerNotes   OmissionKey = "npm notice lines"
	OmitChainedTracebackLines OmissionKey = "chained traceback lines"
	OmitRepeatedFrameLines    OmissionKey = "repeated frame lines"
	OmitShortSummaryLines     OmissionKey = "short summary lines"
	OmitDeselectedTests       OmissionKey = "deselected tests"
	OmitReruns                OmissionKey = "reruns"
	OmitXfailedTests          OmissionKey = "xfailed tests"
	OmitXpassedTests          OmissionKey = "xpassed tests"
	OmitTracebackLines        OmissionKey = "traceback lines"
	OmitChainedExceptions     OmissionKey = "chained exceptions"
	OmitCapturedOutputLines   OmissionKey = "captured output lines"
	OmitPytestHintLines       OmissionKey = "pytest hint lines"
	OmitPassedTestOutputLines OmissionKey = "passed-test output lines"
	OmitSerializedErrorBytes  OmissionKey = "serialized error bytes"
	OmitBannerLines           OmissionKey = "banner lines"
	OmitVitestHintLines       OmissionKey = "vitest hint lines"
	OmitJSONDocumentLines     OmissionKey = "--json document lines"
	OmitRaceVerdictLines      OmissionKey = "race verdict lines"
	OmitExitStatusLines       OmissionKey = "exit status lines"
	OmitCoverageFigures       OmissionKey = "coverage figures"
	OmitUnreadableJSONEvents  OmissionKey = "unreadable -json events"
)

// singulars holds each shared key's form for a count of one.
var singulars = map[OmissionKey]string{
	OmitLines:                 "line",
	OmitOtherLines:            "other line",
	OmitBlankLines:            "blank line",
	OmitProgressLines:         "progress line",
	OmitRepeatedLines:         "repeated line",
	OmitHeaderLines:           "header and progress line",
	OmitMessageLines:          "message line",
	OmitDetailLines:           "detail line",
	OmitProblemDetailLines:    "detail line of problems",
	OmitTimingLines:           "timing line",
	OmitPerTestLines:          "per-test line",
	OmitCodeFrameLines:        "code-frame line",
	OmitUnchangedDiffLines:    "unchanged diff line",
	OmitStackFrames:           "stack frame",
	OmitTracebackSource:       "traceback source line",
	OmitConsoleBlocks:         "console block",
	OmitPassedTests:           "passed test",
	OmitRepeatedSummaries:     "repeated failure summary",
	OmitOtherTestsOutput:      "output line of other tests",
	OmitPassedSkippedOutput:   "output line of passed or skipped tests",
	OmitUnexplainedFailures:   "unexplained failure line",
	OmitNULBytes:              "NUL byte",
	OmitStderrLines:           "stderr line",
	OmitWarnings:              "warning",
	OmitUnmatchedLines:        "unmatched line",
	OmitSuppressedEslintRule:  "problem suppressed by eslint-disable comments",
	OmitPackageManagerNotes:   "npm notice line",
	OmitChainedTracebackLines: "chained traceback line",
	OmitRepeatedFrameLines:    "repeated frame line",
	OmitShortSummaryLines:     "short summary line",
	OmitDeselectedTests:       "deselected test",
	OmitReruns:                "rerun",
	OmitXfailedTests:          "xfailed test",
	OmitXpassedTests:          "xpassed test",
	OmitTracebackLines:        "traceback line",
	OmitChainedExceptions:     "chained exception",
	OmitCapturedOutputLines:   "captured output line",
	OmitPytestHintLines:       "pytest hint line",
	OmitPassedTestOutputLines: "passed-test output line",
	OmitSerializedErrorBytes:  "serialized error byte",
	OmitBannerLines:           "banner line",
	OmitVitestHintLines:       "vitest hint line",
	OmitJSONDocumentLines:     "--json document line",
	OmitRaceVerdictLines:      "race verdict line",
	OmitExitStatusLines:       "exit status line",
	OmitCoverageFigures:       "coverage figure",
	OmitUnreadableJSONEvents:  "unreadable -json event",
}

// Plural is the key as reports record it.
func (k OmissionKey) Plural() string { return string(k) }

// Singular is the key's form for a count of one: its own for a shared key,
// else the last word without its plural ending ("NUL bytes" -> "NUL byte").
func (k OmissionKey) Singular() string {
	if s, ok := singulars[k]; ok {
		return s
	}
	return singularLastWord(string(k))
}

// Noun is the key's form for a count of n.
func (k OmissionKey) Noun(n int) string {
	if n == 1 {
		return k.Singular()
	}
	return k.Plural()
}

// singularLastWord drops the plural ending of the last word of what: the
// best guess for a key no parser declared.
func singularLastWord(what string) string {
	head, last := "", what
	if i := strings.LastIndexByte(what, ' '); i >= 0 {
		head, last = what[:i+1], what[i+1:]
	}
	switch {
	case strings.HasSuffix(last, "sses"), strings.HasSuffix(last, "ches"), strings.HasSuffix(last, "shes"), strings.HasSuffix(last, "xes"):
		last = strings.TrimSuffix(last, "es")
	case strings.HasSuffix(last, "ss"), !strings.HasSuffix(last, "s"):
	default:
		last = strings.TrimSuffix(last, "s")
	}
	return head + last
}
