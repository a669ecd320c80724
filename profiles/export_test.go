package profiles

// Internal helpers the external tests reach.
var LooksLikeProblemForTest = looksLikeProblem
var IsProgressLineForTest = isProgressLine

// CompileForTest compiles the profile's lazily compiled regexps and jq.
func CompileForTest(p *Profile) error {
	if err := p.patterns(); err != nil {
		return err
	}
	return p.programs()
}
