package longtest

import (
	"slices"
	"testing"
)

// Outside the long run Sample takes every n-th element from the first, so
// the last ones are reached too; in it, all of them.
func TestSample(t *testing.T) {
	xs := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	t.Setenv(Env, "")
	if got := Sample(xs, 4); !slices.Equal(got, []int{0, 4, 8}) {
		t.Errorf("Sample(xs, 4) = %v", got)
	}
	if got := Sample(xs, 1); !slices.Equal(got, xs) {
		t.Errorf("Sample(xs, 1) = %v", got)
	}
	t.Setenv(Env, "1")
	if want := !testing.Short(); Enabled() != want {
		t.Fatalf("Enabled() = %v with %s=1", Enabled(), Env)
	}
	if Enabled() {
		if got := Sample(xs, 4); !slices.Equal(got, xs) {
			t.Errorf("Sample(xs, 4) in the long run = %v", got)
		}
	}
}

// SampleByDir keeps the first path of every directory, then every n-th of
// each, whatever order the directories come in.
func TestSampleByDir(t *testing.T) {
	t.Setenv(Env, "")
	paths := []string{"a/1", "a/2", "a/3", "b/1", "a/4", "b/2", "b/3", "c/1"}
	want := []string{"a/1", "a/3", "b/1", "b/3", "c/1"}
	if got := SampleByDir(paths, 2); !slices.Equal(got, want) {
		t.Errorf("SampleByDir = %v, want %v", got, want)
	}
}
