//go:build race

package main

// raceEnabled says the tests run under the race detector, whose shadow
// memory multiplies a process's peak RSS: memory cases skip there.
const raceEnabled = true
