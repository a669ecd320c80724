package commands

import (
	"sort"
)

// Claim is the commands one profile claims: program names ("jest") or a
// program and its first argument ("go test").
type Claim struct {
	Profile  string
	Commands []string
}

// Set answers which profile claims a command line.
type Set struct {
	byName map[string][]string
	names  []string
}

// NewSet returns the set of claims, later claims replacing earlier ones of
// the same profile (a user's profile replaces the built-in of its name).
func NewSet(claims ...[]Claim) *Set {
	s := &Set{byName: map[string][]string{}}
	for _, cs := range claims {
		for _, c := range cs {
			if _, ok := s.byName[c.Profile]; !ok {
				s.names = append(s.names, c.Profile)
			}
			s.byName[c.Profile] = c.Commands
		}
	}
	sort.Strings(s.names)
	return s
}

// Claimant returns the profile that claims the command argv runs, after
// launchers are stripped, or "". Profiles are asked in name order, the most
// specific key first, as the shaping side picks its profile.
func (s *Set) Claimant(argv []string) string {
	for _, k := range Keys(argv) {
		for _, n := range s.names {
			for _, c := range s.byName[n] {
				if c == k {
					return n
				}
			}
		}
	}
	return ""
}
