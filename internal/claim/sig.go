package claim

import (
	"sync"

	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/match"
)

// Sig is a signature of a set: a pattern, and what internal/match works
// out of it ahead (a table generated once), each nil to be worked out here.
type Sig struct {
	Pattern string
	// Claims is match.ClaimSets(Pattern), Needs
	// match.RequiredLiterals(Pattern), Gate the pattern's gates.
	Claims [][]string
	Needs  []string
	Gate   *match.SigGate
}

// Lead is signature Sig of set Set, which goes before set Over's
// signatures where a line matches both: golangci-lint's issue line is
// golangci-lint's, not go vet's, whose set comes first.
type Lead struct {
	Set, Sig, Over int
}

// Compiled gives a signature's compiled pattern and its sure answers
// (match.SubsOf), each made once and shared by every index of the sets.
type Compiled interface {
	Regexp(set, sig int) (*fastre.Regexp, error)
	Sub(set, sig int) match.SureAlts
}

// Options turns speed-ups of the index off, each of which changes no
// claim: tests show that it does not. The zero value is every one on, as
// production runs.
type Options struct {
	// NoMoreLits: no third literal set checked before a pattern.
	NoMoreLits bool
	// NoSureSigs: no sure answers of a signature's sureSub.
	NoSureSigs bool
	// NoShortcuts: the matching layer's shortcuts (sure answers) off.
	NoShortcuts bool
	// NoHeadTails: no checks of the steps after a head gate.
	NoHeadTails bool
	// NoUnions: claims never ask the unions (union.go).
	NoUnions bool
	// UnionsAlways: every claim asks the unions, from the first line,
	// without trials (unless NoUnions).
	UnionsAlways bool
}

// claimSetsCache caches claimSets by pattern: every scan builds a claim
// index, and parsing every signature again would cost each pipe a little.
var claimSetsCache sync.Map // pattern -> [][]string

// claimSets is s's claim sets: as given, or worked out once a pattern.
func (s *Sig) claimSets() [][]string {
	if s.Claims != nil {
		return s.Claims
	}
	if v, ok := claimSetsCache.Load(s.Pattern); ok {
		return v.([][]string)
	}
	sets := match.ClaimSets(s.Pattern)
	claimSetsCache.Store(s.Pattern, sets)
	return sets
}
