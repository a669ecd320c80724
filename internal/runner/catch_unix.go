//go:build unix

package runner

import (
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// The forwarded signals are caught once for the whole process and handed to
// the Processes that are live (started and not yet closed). signal.Notify
// and signal.Stop each take a round trip through the runtime's signal thread
// for every signal that goes from no channel to one or back: for the eight
// forwarded signals, on the 2-core VM of issue 16, 0.5 to 0.9 ms to catch
// and as much to stop, in a Go program that does nothing else. Caught once,
// they cost that once, and nothing at Close.
//
// A caught signal with no live Process does what it would do uncaught: the
// catch is dropped and the signal raised again, so that a Ctrl-C after Close
// ends terse as it did when terse caught the signals only while a command
// ran.

// caught are the forwarded signals terse catches: all but those ignored
// when terse started (nohup's HUP, the INT and QUIT a shell ignores for a
// background job). Catching one would undo that for terse and for the
// command, which inherits an ignored signal but not a caught one: `nohup
// terse run -- cmd` then died of a HUP plain nohup survives (issue 52).
// signal.Ignored is read before anything is caught.
var caught = notIgnored(forwardedSignals)

func notIgnored(sigs []os.Signal) []os.Signal {
	var out []os.Signal
	for _, s := range sigs {
		if !signal.Ignored(s) {
			out = append(out, s)
		}
	}
	return out
}

// catcher is the process's one catch of forwardedSignals.
type catcher struct {
	once sync.Once
	mu   sync.Mutex
	ch   chan os.Signal
	// on: ch is registered with signal.Notify (an uncaught signal drops it).
	on bool
	// live are the channels of the live Processes.
	live map[chan os.Signal]struct{}
	// raise raises sig again once it is uncaught (a test replaces it).
	raise func(sig os.Signal)
}

var signals = &catcher{live: map[chan os.Signal]struct{}{}, raise: raiseSelf}

// register catches the forwarded signals on ch, if they are not caught.
// Called with mu held.
func (c *catcher) register() {
	c.once.Do(func() {
		c.ch = make(chan os.Signal, 16)
		go func() {
			for sig := range c.ch {
				c.relay(sig)
			}
		}()
	})
	if !c.on {
		signal.Notify(c.ch, caught...)
		c.on = true
	}
}

// relay hands sig to every live Process (dropped for one whose channel is
// full, as signal.Notify drops it), or with none, raises it uncaught.
func (c *catcher) relay(sig os.Signal) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.live) == 0 {
		// Once Stop returns, ch receives nothing: the runtime treats the
		// raised signal as it would without terse's catch. If terse
		// lives on (a signal Go ignores uncaught, as USR1 or WINCH, or
		// one ignored when terse started), the next catch registers
		// again.
		signal.Stop(c.ch)
		c.on = false
		c.raise(sig)
		return
	}
	for ch := range c.live {
		select {
		case ch <- sig:
		default:
		}
	}
}

// catch is a new channel that receives the forwarded signals from now until
// release.
func (c *catcher) catch() chan os.Signal {
	ch := make(chan os.Signal, 8)
	c.mu.Lock()
	c.register()
	c.live[ch] = struct{}{}
	c.mu.Unlock()
	return ch
}

// release stops ch receiving signals: it receives none once release returns.
func (c *catcher) release(ch chan os.Signal) {
	c.mu.Lock()
	delete(c.live, ch)
	c.mu.Unlock()
}

// catchSignals and releaseSignals are the Processes' way to the catcher.
func catchSignals() chan os.Signal     { return signals.catch() }
func releaseSignals(ch chan os.Signal) { signals.release(ch) }

// raiseSelf sends sig to terse itself.
func raiseSelf(sig os.Signal) {
	if s, ok := sig.(syscall.Signal); ok {
		_ = syscall.Kill(os.Getpid(), s)
	}
}
