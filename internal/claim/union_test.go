package claim

import (
	"slices"
	"testing"
	"time"

	"github.com/terse-dev/terse/internal/match"
)

// The unions change no claim: with them asked on every line, Claim and
// ClaimSettled answer as without, whatever the current set; and they do
// answer "none" on lines that pass the gates of several signatures, where
// the checks would have run.
func TestUnionsChangeNothing(t *testing.T) {
	b := builtin(t)
	lines := lineSample(captureLines(t))
	none, noneAll := 0, 0
	for cur := range b.sets {
		x := b.index(Options{UnionsAlways: true})
		x.setCur(cur)
		for _, l := range lines {
			x.line++
			if x.candidates(l) && x.asksUnions() && x.noneMatch(l, false) {
				none++
			}
			if x.candidates(l) && x.asksUnions() && x.noneMatch(l, true) {
				noneAll++
			}
		}
	}
	if none == 0 || noneAll == 0 {
		t.Fatalf("the unions of the other sets' signatures told of %d lines that they match none of them, the union of all of %d", none, noneAll)
	}
	t.Logf("lines the unions answered alone: %d of the other sets', %d of all", none, noneAll)
	claimsAlike(t, b, lines, "the unions", func(on bool) Options { return Options{UnionsAlways: on} })
}

// An index tries the unions only after UnionAfterLines lines, then keeps
// the way its trial measured faster, and measures again every
// unionTrialEvery batches.
func TestUnionTrialKeepsTheFasterWay(t *testing.T) {
	b := builtin(t)
	now := time.Unix(0, 0)
	defer func() { unionClock = time.Now }()
	unionClock = func() time.Time { return now }
	x := b.index(Options{})
	const n = 500
	// batch claims a batch of n lines that costs with or without the
	// unions what it says, and tells whether they were asked.
	batch := func(with, without time.Duration) bool {
		x.BeginBatch()
		on := x.trial.on
		if on {
			now = now.Add(with * n)
		} else {
			now = now.Add(without * n)
		}
		x.EndBatch(n)
		return on
	}
	for x.trial.lines < UnionAfterLines {
		if batch(time.Nanosecond, time.Second) {
			t.Fatalf("the unions were asked after %d lines", x.trial.lines)
		}
	}
	var trial []bool
	for range unionPhases {
		trial = append(trial, batch(time.Nanosecond, 2*time.Nanosecond))
	}
	if want := []bool{false, true, false, true}; !slices.Equal(trial, want) {
		t.Fatalf("a trial asked the unions on %v, want %v", trial, want)
	}
	for i := range unionTrialEvery {
		// Slower now: the choice holds until the next trial.
		if !batch(3*time.Nanosecond, time.Nanosecond) {
			t.Fatalf("batch %d after a trial that found the unions faster claimed without them", i)
		}
	}
	for range unionPhases {
		batch(3*time.Nanosecond, time.Nanosecond)
	}
	if batch(3*time.Nanosecond, time.Nanosecond) {
		t.Fatal("after a trial that found the unions slower, a batch asked them")
	}
}

// A union holds the signatures every match of which starts at the start of
// the line (its automaton stops where none can go on); the others are
// left to their checks.
func TestAnchoredAtStart(t *testing.T) {
	for pattern, want := range map[string]bool{
		`^  \d+\) .*:$|^ {7,}\S.*:$`: true, // each alternative asserts it
		`(?:^a|^b)c`:                 true,
		`\Aa`:                        true,
		`^(\./)?[^\s:]+\.go:\d+: \S`: true,
		`^a|b`:                       false,
		`a^`:                         false,
		`(?m)^a`:                     false, // the start of any line
		`^*a`:                        false, // ^ may be skipped
		`x*^a`:                       false,
		`/node_modules/mocha/lib/`:   false,
		`(`:                          false,
	} {
		if got := match.AnchoredAtStart(pattern); got != want {
			t.Errorf("match.AnchoredAtStart(%q) = %v, want %v", pattern, got, want)
		}
	}
	b := builtin(t)
	var loose []string
	for pi, set := range b.sets {
		for _, s := range set {
			if !match.AnchoredAtStart(s.Pattern) {
				loose = append(loose, b.names[pi])
			}
		}
	}
	// mocha's frame and vitest's rule of failures were unanchored once:
	// every built-in signature is anchored now, so that the claim index's
	// gates read each one.
	if len(loose) != 0 {
		t.Errorf("the built-in signatures left out of the unions are %v's, want none", loose)
	}
}

// A union leaves out the signatures that read on past a repeat of any
// character to a literal (readsOn), and still answers for the lines they
// fail: a diagnostic of gcc's fits shellcheck's signature up to its ".*",
// and the union of gcc's others, without it, tells at once that none
// matches.
func TestReadsOnLeftToChecks(t *testing.T) {
	for pattern, want := range map[string]bool{
		`^[^\s:]+:\d+:\d+: (error|warning|note): .* \[SC\d+\]$`: true,
		`^\s+at (.*)/node_modules/mocha/`:                       true,  // in a group
		`^a|^b.+ total`:                                         true,  // in one alternative
		`^[^\s:]+:\d+:\d+: [CRWEFI]\d{4}: .* \([a-z]+\)$`:       false, // " (" is too short a literal
		`^  \d+\) .*:$|^ {7,}\S.*:$`:                            false,
		`^Tests: +.*`:                                           false, // nothing after it
		`^a\S*bcdef`:                                            false, // not any character
		`^a.*(?i:bcdef)`:                                        false, // folded
		`(`:                                                     false,
	} {
		if got := readsOn(pattern); got != want {
			t.Errorf("readsOn(%q) = %v, want %v", pattern, got, want)
		}
	}
	b := builtin(t)
	gcc := b.set("gcc")
	if gcc < 0 {
		t.Fatal("no gcc profile")
	}
	x := b.index(Options{UnionsAlways: true})
	x.setCur(gcc)
	re, loose := x.unions.others[x.curProf].get(x.sets, x.curProf, x.words)
	if re == nil {
		t.Fatal("no union of gcc's others")
	}
	const l = "gznorm.c:340:38: warning: conversion from ‘long unsigned int’ to ‘int’ may change value [-Wconversion]"
	if m, answered := re.MatchStringDFA(l); !answered || m {
		t.Errorf("the union's automaton on %q: match %v, answered %v; want an answer of no match", l, m, answered)
	}
	k := 0
	for pi, set := range b.sets {
		for _, s := range set {
			if b.names[pi] == "shellcheck" && readsOn(s.Pattern) && loose[k/64]&(1<<(k%64)) == 0 {
				t.Errorf("shellcheck's %q is in the union of gcc's others", s.Pattern)
			}
			k++
		}
	}
	x.line++
	if !x.candidates(l) || !x.noneMatch(l, false) {
		t.Errorf("the union of gcc's others and the checks of those it leaves out did not answer that none of them matches %q", l)
	}
}
