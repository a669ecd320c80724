package profiles_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func init() {
	truthReaders["gradle-junit"] = gradleTruth
	truthAdapters["gradle-short"] = gradleShortTruth
}

// gradleFixture is where profiles/gradle/capture.sh builds a project.
const gradleFixture = "/tmp/terse-fixtures/gradle/"

// gradleTruth reads the JUnit XML of one Gradle test run (each
// build/test-results/test/TEST-*.xml in one <testsuites>): each failing or
// erring testcase, named as the console names it, "Class > method", with
// the first line of the failure's text (the exception as Java prints it,
// class and message) and its first frame in the test class, the frame
// Gradle's console names. A build that did not compile ran no test: its
// truth is javac's report, placed at the absolute path Gradle prints.
func gradleTruth(t *testing.T, path string) []truth {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasSuffix(path, ".truth") {
		return gradleJavacTruth(path, string(data))
	}
	return junitTruths(t, data, func(c surefireCase, p *surefireProblem) truth {
		first, _, _ := strings.Cut(strings.TrimSpace(p.Text), "\n")
		return truth{Name: c.Classname + " > " + c.Name, Message: strings.TrimSpace(first)}
	})
}

// gradleJavacTruth reads javac's errors for the project of the report's
// name, placed at the absolute path Gradle prints.
func gradleJavacTruth(path, data string) []truth { return javacTruthAt(gradleFixture, path, data) }

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
