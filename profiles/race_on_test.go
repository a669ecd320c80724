//go:build race

package profiles

// raceEnabled says the tests run under the race detector, which changes
// what a run allocates (sync.Pool drops what is put back at random, and
// the runtime allocates for its own bookkeeping): allocation bounds are
// checked only without it.
const raceEnabled = true
