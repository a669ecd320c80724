package profiles

import (
	"github.com/terse-dev/terse/internal/commands"
)

// ForArgv returns the profile that claims the command a command line runs,
// after launchers are stripped (see commands.Program), or nil. A profile's commands
// name programs ("jest") or a program and its first argument ("go test").
func (s *Set) ForArgv(argv []string) *Profile {
	for _, k := range commands.Keys(argv) {
		if p := s.ForCommand(k); p != nil {
			return p
		}
	}
	return nil
}

// AsksJSON reports whether the arguments ask the tool for the machine format
// the profile reads (its json.flags), printed on stdout. A pattern sees each
// argument, and each argument joined to the next by a space.
func (p *Profile) AsksJSON(args []string) bool {
	if p.patterns() != nil {
		return false
	}
	for _, re := range p.jsonFlags {
		for i, a := range args {
			if re.MatchString(a) {
				return true
			}
			// A flag and its value as two arguments ("--reporter json")
			// are matched joined by a space.
			if i+1 < len(args) && re.MatchString(a+" "+args[i+1]) {
				return true
			}
		}
	}
	return false
}

// ForCommand returns the profile that claims the program name.
func (s *Set) ForCommand(prog string) *Profile {
	for _, p := range s.All() {
		for _, c := range p.Commands {
			if c == prog {
				return p
			}
		}
	}
	return nil
}
