package profiles

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// CommandSet returns the profiles, built-in and then those in dir (which
// replace built-ins of the same name, as with LoadDir; a missing dir is not
// an error). Of the user's profiles only the names and commands are read:
// enough for ForArgv and ForCommand, and nothing else (they cannot shape),
// for callers that only ask whether a command runs a tool terse knows, such
// as the agent hook that runs before every shell command.
func CommandSet(dir string) (*Set, error) {
	s, err := Builtin()
	if err != nil || dir == "" {
		return s, err
	}
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("reading profiles: %w", err)
	}
	for _, e := range entries {
		if e.IsDir() || !(strings.HasSuffix(e.Name(), ".yaml") || strings.HasSuffix(e.Name(), ".yml")) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			return s, fmt.Errorf("reading profile: %w", err)
		}
		if err := s.addCommands(data, path); err != nil {
			return s, err
		}
	}
	return s, nil
}

func (s *Set) addCommands(data []byte, source string) error {
	var p struct {
		Name     string   `yaml:"name"`
		Commands []string `yaml:"commands"`
	}
	if err := yaml.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("profile %s: %w", source, err)
	}
	if p.Name == "" {
		return fmt.Errorf("profile %s: no name", source)
	}
	s.add(&Profile{Name: p.Name, Commands: p.Commands, Source: source})
	return nil
}
