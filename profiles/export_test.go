package profiles

import (
	"embed"

	"github.com/terse-dev/terse/internal/match"

	"github.com/terse-dev/terse/internal/fastre"
)

// CompileForTest compiles the profile's lazily compiled regexps and jq.
func CompileForTest(p *Profile) error {
	if err := p.patterns(); err != nil {
		return err
	}
	return p.programs()
}

// The YAML the built-in profiles are written in. Only tests read it: the
// binary carries builtinTable, generated from it by TestBuiltinTable.
//
//go:embed */profile.yaml
var builtinYAML embed.FS

// BuiltinYAML is the embedded YAML of the built-in profiles.
var BuiltinYAML = builtinYAML

// ParseLazyForTest reads a profile as built-ins are loaded: checked, not
// compiled.
var ParseLazyForTest = parseLazy

// SignatureForTest compiles detection pattern i of p.
func SignatureForTest(p *Profile, i int) (*fastre.Regexp, error) { return p.signature(i) }

// RequiredLiteralsForTest is requiredLiterals.
var RequiredLiteralsForTest = match.RequiredLiterals

// ContainsAnyForTest is containsAny.
var ContainsAnyForTest = match.ContainsAny
