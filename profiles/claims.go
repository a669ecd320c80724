package profiles

import (
	"slices"

	"github.com/terse-dev/terse/internal/claim"
	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/match"
)

// claimIndex is the claim index (internal/claim) of the profiles all: set i
// is all[i]'s detection signatures, and its answers are mapped back to
// profiles.
type claimIndex struct {
	x   *claim.Index
	all []*Profile
	// cur is the profile last asked about, and curN its number.
	cur  *Profile
	curN int
	// plain is the plain paths of the scan that claims with the index
	// (Set.plain).
	plain plainPaths
}

func newClaimIndex(all []*Profile, plain plainPaths) *claimIndex {
	sets := make([][]claim.Sig, len(all))
	var leads []claim.Lead
	for pi, p := range all {
		sets[pi] = p.claimSigs()
		for _, o := range p.Detect.Over {
			over := slices.IndexFunc(all, func(q *Profile) bool { return q.Name == o.Profile })
			if i := slices.Index(p.Detect.Text, o.Text); over >= 0 && i >= 0 {
				leads = append(leads, claim.Lead{Set: pi, Sig: i, Over: over})
			}
		}
	}
	return &claimIndex{x: claim.New(sets, leads, compiledSigs(all), plain.claimOptions()), all: all, curN: -1, plain: plain}
}

// claimSigs is p's detection signatures as the claim index reads them,
// with what the profile loaded of each (a built-in one: as the table was
// generated).
func (p *Profile) claimSigs() []claim.Sig {
	out := make([]claim.Sig, len(p.Detect.Text))
	for i, pattern := range p.Detect.Text {
		s := &out[i]
		s.Pattern, s.Gate = pattern, p.tableGate(i)
		if i < len(p.Detect.Claims) {
			s.Claims = p.Detect.Claims[i]
			if s.Claims == nil {
				s.Claims = [][]string{}
			}
		}
		if i < len(p.Detect.Needs) {
			s.Needs = p.Detect.Needs[i]
		}
	}
	return out
}

// compiledSigs gives the claim index the profiles' compiled signatures,
// compiled once a profile.
type compiledSigs []*Profile

func (c compiledSigs) Regexp(set, sig int) (*fastre.Regexp, error) { return c[set].signature(sig) }
func (c compiledSigs) Sub(set, sig int) match.SureAlts             { return c[set].signatureSub(sig) }

// clone is a copy of x for another goroutine (claim.Index.Clone).
func (x *claimIndex) clone() *claimIndex {
	c := *x
	c.x = x.x.Clone()
	return &c
}

// number is p's set in the index (-1: nil, none).
func (x *claimIndex) number(p *Profile) int {
	if p != x.cur {
		x.cur, x.curN = p, slices.Index(x.all, p)
	}
	return x.curN
}

// of is the profile of set n (nil: -1, none).
func (x *claimIndex) of(n int) *Profile {
	if n < 0 {
		return nil
	}
	return x.all[n]
}

// claim is claim.Index.Claim with cur's profile current: the profile that
// claims l, and by which signature.
func (x *claimIndex) claim(l string, cur *Profile) (*Profile, int) {
	set, sig := x.x.Claim(l, x.number(cur))
	return x.of(set), sig
}

// claimSettled is claim.Index.ClaimSettled with cur's profile current.
func (x *claimIndex) claimSettled(l string, cur *Profile) (*Profile, int) {
	set, sig := x.x.ClaimSettled(l, x.number(cur))
	return x.of(set), sig
}

// inert is claim.Index.Inert.
func (x *claimIndex) inert(l string, ws int) bool { return x.x.Inert(l, ws) }
