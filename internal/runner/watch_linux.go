package runner

import (
	"os"
	"syscall"
)

// watchClosed calls gone when the reader of f, a pipe or a socket, goes
// away, and returns when it did or when done is closed. Anything else (a
// file, a terminal, /dev/null) has no reader to lose and is not watched.
//
// terse writes nothing until the command ends, so it never gets the EPIPE a
// write would; epoll reports the pipe's error state (EPOLLERR on a pipe with
// no reader left, EPOLLHUP on a socket shut down both ways) without writing.
func watchClosed(f *os.File, done <-chan struct{}, gone func()) {
	fi, err := f.Stat()
	if err != nil || fi.Mode()&(os.ModeNamedPipe|os.ModeSocket) == 0 {
		return
	}
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return
	}
	defer syscall.Close(ep)
	sc, err := f.SyscallConn()
	if err != nil {
		return
	}
	var ctlErr error
	if err := sc.Control(func(fd uintptr) {
		// No event asked for: EPOLLERR and EPOLLHUP are always reported.
		ctlErr = syscall.EpollCtl(ep, syscall.EPOLL_CTL_ADD, int(fd), &syscall.EpollEvent{Fd: int32(fd)})
	}); err != nil || ctlErr != nil {
		return
	}
	events := make([]syscall.EpollEvent, 1)
	for {
		select {
		case <-done:
			return
		default:
		}
		// A timeout, to see done now and then without another descriptor.
		n, err := syscall.EpollWait(ep, events, 200)
		if err != nil && err != syscall.EINTR {
			return
		}
		if n > 0 && events[0].Events&(syscall.EPOLLERR|syscall.EPOLLHUP) != 0 {
			gone()
			return
		}
	}
}
