package profiles

import "testing"

// A scan gives the same segments with the unions asked on every line, its
// claimers and itself asking them at once (a race test runs it).
func TestUnionsChangeNoSegments(t *testing.T) {
	scansAlike(t, "the unions asked on every line", plainPaths{unionAlways: true})
}
