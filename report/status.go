package report

// Status is a report's verdict on the run.
type Status string

// The verdicts a report gives.
const (
	// StatusPass: the run passed (tests ran and none failed; a lint run
	// without errors).
	StatusPass Status = "PASS"
	// StatusFail: a test failed, a suite failed to run, or a lint run has
	// errors.
	StatusFail Status = "FAIL"
	// StatusError: the run failed without failing tests (a crash). Only a
	// merged report reads it from its parts today; no parser sets it.
	StatusError Status = "ERROR"
	// StatusNone: nothing ran.
	StatusNone Status = "NONE"
)
