package filters

import "fmt"

// terse passes its input on unchanged when shaping panics (a parser's
// bug): the panic is recovered on the goroutine that runs the command. A
// panic on a goroutine that reads or matches ahead would end the process
// instead, and the input with it; so those goroutines catch it, hand it
// over with the work they were doing, and the goroutine that waits for
// that work panics again, where it is recovered.

// Panicked is a panic caught on a goroutine that worked ahead: what it
// panicked with.
type Panicked struct{ Value any }

func (p *Panicked) Error() string { return fmt.Sprintf("%v", p.Value) }

// Catch, deferred, puts a panic of the goroutine into *into (which the
// goroutine hands over before it ends) instead of ending the process.
func Catch(into **Panicked) {
	if v := recover(); v != nil {
		*into = &Panicked{Value: v}
	}
}

// Rethrow panics again with what p caught, if anything: on the goroutine
// that waits for the work, where terse recovers it.
func Rethrow(p *Panicked) {
	if p != nil {
		panic(p.Value)
	}
}
