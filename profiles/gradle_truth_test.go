package profiles_test

import (
	"path/filepath"
	"strings"
	"testing"
)

func init() {
	truthAdapters["gradle-short"] = gradleShortTruth
}

// gradleShortTruth fits the truth to a capture of Gradle's default
// exceptionFormat, short, which prints a failing test's exception class
// and no message: its truth is that class. A .full. capture prints it all.
func gradleShortTruth(t *testing.T, capture string, want []truth) []truth {
	t.Helper()
	if strings.Contains(filepath.Base(capture), ".full.") {
		return want
	}
	out := make([]truth, len(want))
	for i, w := range want {
		out[i] = w
		if w.Name != "" {
			out[i].Message, _, _ = strings.Cut(w.Message, ": ")
		}
	}
	return out
}

// Gradle is claimed by its name and its wrapper's, whatever the task.
func TestGradleByCommand(t *testing.T) {
	set := builtin(t)
	for _, cmd := range []string{
		"gradle test",
		"./gradlew test",
		"gradle --offline test",
		"./gradlew check",
		"gradle build",
		"./gradlew :app:test --tests com.example.FooTest",
	} {
		if p := set.ForArgv(strings.Fields(cmd)); p == nil || p.Name != "gradle" {
			t.Errorf("ForArgv(%q) = %v, want gradle", cmd, p)
		}
	}
}
