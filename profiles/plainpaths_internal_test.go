package profiles

import (
	"reflect"
	"testing"

	"github.com/terse-dev/terse/internal/match"
)

// plainProfile is a fresh copy of p, not yet compiled, that takes the
// plain paths paths: its exported fields (what its YAML says) are p's.
func plainProfile(p *Profile, paths plainPaths) *Profile {
	c := &Profile{plain: paths}
	src, dst := reflect.ValueOf(p).Elem(), reflect.ValueOf(c).Elem()
	for i := range src.NumField() {
		if src.Type().Field(i).IsExported() {
			dst.Field(i).Set(src.Field(i))
		}
	}
	return c
}

// plainSet is a set of fresh copies of s's profiles (plainProfile), which
// with the set take the plain paths paths.
func (s *Set) plainSet(paths plainPaths) *Set {
	c := &Set{byName: make(map[string]*Profile, len(s.byName)), replaced: s.replaced, plain: paths}
	for _, name := range s.names {
		c.add(plainProfile(s.byName[name], paths))
	}
	return c
}

// everyPlainPath is every plain path taken: every speed-up off, the unions
// asked only as production asks them.
func everyPlainPath() plainPaths {
	return plainPaths{
		blockAhead: true, moreLits: true, settleClaims: true, sureSigs: true,
		ruleAhead: true, viewLines: true, shortcuts: true, gatedDetect: true,
		headTails: true, rideScan: true, feedLines: true, claimAhead: true,
		impliedClaims: true, unionClaims: true,
	}
}

// everyPlainPath names every path but unionAlways.
func TestEveryPlainPath(t *testing.T) {
	v := reflect.ValueOf(everyPlainPath())
	for i := range v.NumField() {
		if name := v.Type().Field(i).Name; v.Field(i).Bool() != (name != "unionAlways") {
			t.Errorf("everyPlainPath: %s is %v", name, v.Field(i).Bool())
		}
	}
}

// The plain copies are what the tests compare the speed-ups with: a copy
// must read like its profile, and a copy on the plain paths must take them.
func TestPlainCopies(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	plain := set.plainSet(plainPaths{shortcuts: true, gatedDetect: true})
	if !reflect.DeepEqual(plain.Names(), set.Names()) || plain.plain != (plainPaths{shortcuts: true, gatedDetect: true}) {
		t.Fatalf("plain set: %v, %+v", plain.Names(), plain.plain)
	}
	mocha, _ := set.Get("mocha")
	c, _ := plain.Get("mocha")
	if c == mocha || !reflect.DeepEqual(c.Text, mocha.Text) || !reflect.DeepEqual(c.Detect, mocha.Detect) || c.Source != mocha.Source {
		t.Fatal("the plain mocha is not a copy of mocha")
	}
	if err := c.patterns(); err != nil {
		t.Fatal(err)
	}
	if err := mocha.patterns(); err != nil {
		t.Fatal(err)
	}
	// mocha's rules have line filters and idle block rules: the copy
	// compiled on the plain paths has none.
	filtered := 0
	for i := range mocha.rules {
		fast, slow := &mocha.rules[i], &c.rules[i]
		if !reflect.DeepEqual(fast.lit, slow.lit) {
			filtered++
		}
		if slow.idleAs != idleNever || !reflect.DeepEqual(slow.lit, match.LineFilter{}) || slow.sub != nil {
			t.Errorf("rule %q keeps a shortcut on the plain path", slow.Match)
		}
	}
	if filtered == 0 || c.lead != nil || mocha.lead == nil {
		t.Errorf("%d of mocha's rules filtered; the plain copy's lead %v, mocha's %v", filtered, c.lead, mocha.lead)
	}
}
