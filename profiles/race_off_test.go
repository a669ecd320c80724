//go:build !race

package profiles

// raceEnabled says the tests run under the race detector (see
// race_on_test.go).
const raceEnabled = false
