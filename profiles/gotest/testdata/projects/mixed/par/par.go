// Package par formats durations, one case wrongly.
package par

import "fmt"

// Human formats seconds as "1h2m3s", dropping zero parts, except that it
// forgets the hours.
func Human(secs int) string {
	m, s := secs/60%60, secs%60
	switch {
	case m > 0 && s > 0:
		return fmt.Sprintf("%dm%ds", m, s)
	case m > 0:
		return fmt.Sprintf("%dm", m)
	default:
		return fmt.Sprintf("%ds", s)
	}
}
