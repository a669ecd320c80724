// Package slow waits for a signal that never comes.
package slow

// Wait blocks until ch is closed.
func Wait(ch chan struct{}) {
	<-ch
}
