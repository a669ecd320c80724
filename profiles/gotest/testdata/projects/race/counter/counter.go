// Package counter counts without a lock.
package counter

// Counter is not safe for concurrent use, though it is used so.
type Counter struct{ n int }

// Inc adds one.
func (c *Counter) Inc() { c.n++ }

// N returns the count.
func (c *Counter) N() int { return c.n }
