// Package wire frames messages for a line protocol: a length, a NUL, the
// payload.
package wire

import "strconv"

// Frame prefixes payload with its length and a NUL separator.
func Frame(payload string) string {
	// Bug: the length counts runes, not bytes.
	return strconv.Itoa(len([]rune(payload))) + "\x00" + payload
}

// Unframe splits a frame into its payload, or returns ok=false.
func Unframe(frame string) (string, bool) {
	for i := 0; i < len(frame); i++ {
		if frame[i] == 0 {
			n, err := strconv.Atoi(frame[:i])
			if err != nil || len(frame)-i-1 != n {
				return "", false
			}
			return frame[i+1:], true
		}
	}
	return "", false
}
