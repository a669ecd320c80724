package profiles_test

import (
	"strings"
	"testing"

	"github.com/terse-dev/terse/profiles"
)

// Maven is claimed by its test-running goals, through the wrapper too;
// PHPUnit by its name, from vendor/bin too.
func TestMavenAndPHPUnitByCommand(t *testing.T) {
	set := builtin(t)
	for cmd, want := range map[string]string{
		"mvn test":                     "maven",
		"./mvnw test":                  "maven",
		"mvn verify":                   "maven",
		"mvn -B test":                  "maven",
		"mvn -o -q verify":             "maven",
		"phpunit":                      "phpunit",
		"vendor/bin/phpunit --testdox": "phpunit",
		"./vendor/bin/phpunit tests":   "phpunit",
		"bundle exec rspec":            "rspec",
		"rake test":                    "minitest",
		"ctest --output-on-failure":    "ctest",
		"mvn surefire:test":            "maven",
		"mvn clean install":            "maven",
	} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != want {
			t.Errorf("ForArgv(%q) = %v, want %s", cmd, p, want)
		}
	}
}

// Goals that print what the user asked to read are Maven's own business:
// shaped as a build, their output would be dropped as unmatched lines.
func TestMavenAndGradleLeaveInformationalTasksAlone(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{"mvn dependency:tree", "mvn help:effective-pom", "./mvnw -q dependency:list",
		"mvn -v", "gradle tasks", "./gradlew dependencies", "gradle -q properties", "./gradlew :app:dependencies"} {
		if p := set.ForArgv(strings.Fields(cmd)); p != nil {
			t.Errorf("ForArgv(%q) = %s, want none", cmd, p.Name)
		}
	}
}

// Maven's log without colour starts "[INFO] ": text, not a JSON array.
func TestMavenLogIsNotJSON(t *testing.T) {
	for in, want := range map[string]bool{
		"[INFO] Scanning for projects...\n": false,
		"[WARNING] x\n":                     false,
		"[1, 2]":                            true,
		"[\n  {\"a\": 1}\n]":                true,
		"[]":                                true,
		"[":                                 true,
		"[\"x\"]":                           true,
		"{\"a\": 1}":                        true,
	} {
		if got := profiles.LooksLikeJSON([]byte(in)); got != want {
			t.Errorf("LooksLikeJSON(%q) = %v, want %v", in, got, want)
		}
	}
}
