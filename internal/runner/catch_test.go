//go:build unix

package runner

import (
	"errors"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// A catcher hands a signal to its live channels; with none live it drops
// its catch and raises the signal, and the next catch registers again.
func TestCatcherRelaysOrRaises(t *testing.T) {
	raised := make(chan os.Signal, 16)
	c := &catcher{live: map[chan os.Signal]struct{}{}, raise: func(s os.Signal) { raised <- s }}
	t.Cleanup(func() {
		c.mu.Lock()
		signal.Stop(c.ch)
		c.mu.Unlock()
	})
	// USR2: no other test of this package sends it, and Go ignores it
	// uncaught, so a copy the package's own catcher raises again does no
	// harm.
	kill := func() {
		if err := syscall.Kill(os.Getpid(), syscall.SIGUSR2); err != nil {
			t.Fatal(err)
		}
	}
	wait := func(ch chan os.Signal, what string) {
		t.Helper()
		select {
		case s := <-ch:
			if s != syscall.SIGUSR2 {
				t.Fatalf("%s: got %v, want SIGUSR2", what, s)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: no signal in 10 s", what)
		}
	}

	live := c.catch()
	kill()
	wait(live, "the live channel")
	select {
	case s := <-raised:
		t.Fatalf("%v raised while a channel was live", s)
	default:
	}

	c.release(live)
	kill()
	wait(raised, "raised with no channel live")
	c.mu.Lock()
	on := c.on
	c.mu.Unlock()
	if on {
		t.Error("the catch is still registered after an uncaught signal")
	}
	select {
	case s := <-live:
		t.Errorf("the released channel got %v", s)
	default:
	}

	again := c.catch()
	defer c.release(again)
	kill()
	wait(again, "a channel caught after the catch was dropped")
}

// catchHelperEnv makes the test binary the helper process of
// TestUncaughtAfterClose: it runs a command, closes it, and sends itself the
// signal the variable names.
const catchHelperEnv = "TERSE_RUNNER_CATCH_HELPER"

func TestMain(m *testing.M) {
	if sig := os.Getenv(catchHelperEnv); sig != "" {
		catchHelper(sig)
		return
	}
	os.Exit(m.Run())
}

func catchHelper(name string) {
	sig := map[string]syscall.Signal{"TERM": syscall.SIGTERM, "INT": syscall.SIGINT, "WINCH": syscall.SIGWINCH}[name]
	p, err := Start(Config{Args: []string{"true"}})
	if err != nil {
		os.Exit(3)
	}
	if _, err := p.Wait(); err != nil {
		os.Exit(4)
	}
	p.Close()
	_ = syscall.Kill(os.Getpid(), sig)
	// The relay drops the catch before it raises the signal again: once
	// it has, a signal that kills has done so in the moment after, and
	// one that does not has been handled. A fixed sleep would call a slow
	// machine's late relay a survival.
	deadline := time.Now().Add(10 * time.Second)
	for {
		signals.mu.Lock()
		on := signals.on
		signals.mu.Unlock()
		if !on {
			break
		}
		if time.Now().After(deadline) {
			os.Exit(5) // never relayed
		}
		time.Sleep(time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	os.Exit(0)
}

// After Close, a signal does to the process what it does uncaught: TERM and
// INT kill it, WINCH does not (the catch stays, for the next Process, but
// no longer keeps them from the process).
func TestUncaughtAfterClose(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sig    string
		killed syscall.Signal // 0: exits 0
	}{{"TERM", syscall.SIGTERM}, {"INT", syscall.SIGINT}, {"WINCH", 0}} {
		cmd := exec.Command(exe, "-test.run=^$")
		cmd.Env = append(os.Environ(), catchHelperEnv+"="+c.sig)
		err := cmd.Run()
		var ee *exec.ExitError
		switch {
		case c.killed == 0 && err != nil:
			t.Errorf("SIG%s after Close: %v, want exit 0 (5: the signal was never relayed)", c.sig, err)
		case c.killed != 0 && !errors.As(err, &ee):
			t.Errorf("SIG%s after Close: %v, want killed by it", c.sig, err)
		case c.killed != 0:
			ws := ee.Sys().(syscall.WaitStatus)
			if !ws.Signaled() || ws.Signal() != c.killed {
				t.Errorf("SIG%s after Close: %v, want killed by it", c.sig, err)
			}
		}
	}
}
