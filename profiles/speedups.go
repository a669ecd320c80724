package profiles

import "github.com/terse-dev/terse/internal/claim"

// plainPaths names each speed-up of the shaping pipeline that has a plain
// path beside it, which reads the same input into the same report; a set
// field takes the plain path. Production never sets one: its zero value is
// the one pipeline terse runs. Tests build a Set whose profiles take plain
// paths (plainSet, in the tests) to show that a speed-up changes nothing
// (FuzzFastEqualsPlain and the *_internal_test.go comparisons).
//
// The value is held where each path is chosen: by the Set (the scan and
// its claim index) and by each of its profiles (detection and the rules
// parser). The shortcuts are baked into a profile when it compiles
// (Profile.plainShortcuts), so the matchers carry no switch.
type plainPaths struct {
	// blockAhead: the read-ahead also finds where a block rule's block
	// ends (blockahead.go).
	blockAhead bool
	// moreLits: a signature's third literal set, checked before its
	// pattern runs.
	moreLits bool
	// settleClaims: claimSettled, once the current profile is sure of its
	// segment.
	settleClaims bool
	// sureSigs: the sure answers of runs (a signature's sureSub).
	sureSigs bool
	// ruleAhead: the rules parser's lines are read, and their rules
	// tried, a batch ahead on another goroutine (ruleahead.go).
	ruleAhead bool
	// viewLines: the rules parser reads each line where the reader holds
	// it (see rulesParser); the plain path shows that no string the report
	// keeps is a view of the reader's buffer.
	viewLines bool
	// shortcuts: the ways the rules parser passes lines by without
	// running a rule's regexp (line filters, idle block rules, the
	// dispatch by a line's first bytes), and the claim index's.
	shortcuts bool
	// gatedDetect: the gates in detection.
	gatedDetect bool
	// headTails: the checks of the steps after a head gate's post.
	headTails bool
	// rideScan: the rules parser rides the scan's lines (plain: the scan
	// reads for itself and feeds the shaper).
	rideScan bool
	// feedLines: the shaper beside the scan is fed the scan's lines
	// (plain: it reads a copy of the bytes).
	feedLines bool
	// claimAhead: claimers claim the scan's batches ahead, on the other
	// core (scanread.go).
	claimAhead bool
	// impliedClaims: the shortcut of scanRide.claim, a line a rule of the
	// profile took is the profile's without running a signature.
	impliedClaims bool
	// unionClaims: claims may ask the unions (internal/claim/union.go), as
	// trials measure faster.
	unionClaims bool
	// unionAlways, the one field that turns more on, not off, makes every
	// claim ask the unions, from the first line, without trials (unless
	// unionClaims is set).
	unionAlways bool
}

// claimOptions is the claim index's options for the paths p.
func (p plainPaths) claimOptions() claim.Options {
	return claim.Options{
		NoMoreLits: p.moreLits, NoSureSigs: p.sureSigs, NoShortcuts: p.shortcuts,
		NoHeadTails: p.headTails, NoUnions: p.unionClaims, UnionsAlways: p.unionAlways,
	}
}
