package profiles

import "github.com/terse-dev/terse/internal/match"

// speedUpSet names each speed-up of the shaping pipeline that has a plain
// path beside it, which reads the same input into the same report. The
// plain paths are there only for tests, which turn a speed-up off to show
// that it changes nothing (the fuzz test FuzzFastEqualsPlain and the
// *_internal_test.go comparisons); production code never does, and
// TestOnlyTestsTurnSpeedUpsOff holds it to that.
type speedUpSet struct {
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
	// it (see rulesParser); off shows that no string the report keeps is
	// a view of the reader's buffer.
	viewLines bool
	// shortcuts: the ways the rules parser passes lines by without
	// running a rule's regexp (line filters, idle block rules).
	shortcuts bool
	// gatedDetect: the gates in detection.
	gatedDetect bool
	// formByFirstByte: failureForm's choice by the first byte (off:
	// failureFormPlain).
	formByFirstByte bool
	// countByWords: failedCount's walk eight bytes at a time.
	countByWords bool
	// headTails: the checks of the steps after a head gate's post.
	headTails bool
	// rideScan: the rules parser rides the scan's lines (off: the scan
	// reads for itself and feeds the shaper).
	rideScan bool
	// feedLines: the shaper beside the scan is fed the scan's lines (off:
	// it reads a copy of the bytes).
	feedLines bool
	// claimAhead: claimers claim the scan's batches ahead, on the other
	// core (scanread.go).
	claimAhead bool
	// impliedClaims: the shortcut of scanRide.claim, a line a rule of the
	// profile took is the profile's without running a signature.
	impliedClaims bool
	// unionClaims: claims may ask the unions (internal/claim/union.go), as trials
	// measure faster.
	unionClaims bool
	// unionAlways, which only tests set, makes every claim ask the unions,
	// from the first line, without trials (with unionClaims).
	unionAlways bool
}

// speedUps is every speed-up on: the one pipeline production runs. Only
// tests assign it.
var speedUps = speedUpSet{
	blockAhead: true, moreLits: true, settleClaims: true, sureSigs: true,
	ruleAhead: true, viewLines: true, shortcuts: true, gatedDetect: true,
	formByFirstByte: true, countByWords: true, headTails: true,
	rideScan: true, feedLines: true, claimAhead: true, impliedClaims: true,
	unionClaims: true,
}

// The matching layer's shortcuts (internal/match) have no switches of
// their own: these calls are where speedUps.shortcuts turns them off, each
// giving the answer that leaves a line to the regexp.

// lineMay is f.May(l), or true (the regexp decides) without shortcuts.
func lineMay(f *match.LineFilter, l string) bool { return !speedUps.shortcuts || f.May(l) }

// surelyMatches is s.Match(l), or false (unsure) without shortcuts.
func surelyMatches(s *match.SureMatch, l string) bool { return speedUps.shortcuts && s.Match(l) }

// subDecide is s.Decide, or unsure without shortcuts.
func subDecide(s *match.SureSub, dst *[]int, l string) ([]int, match.SubOutcome) {
	if !speedUps.shortcuts {
		return nil, match.SubUnsure
	}
	return s.Decide(dst, l)
}

// leadRules is d.Rules(l), or every rule without shortcuts.
func leadRules(d *match.LeadDispatch, l string) uint64 {
	if !speedUps.shortcuts {
		return ^uint64(0)
	}
	return d.Rules(l)
}
