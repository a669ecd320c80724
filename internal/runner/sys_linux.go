package runner

import (
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// sysProcAttr keeps the child in terse's own process group and has the
// kernel kill it if terse dies without waiting for it (a SIGKILL of terse
// alone by an impatient harness): terse never leaves its child running.
//
// The child stays in terse's group whatever own says: a harness that kills
// terse's group (GNU timeout, a job's kill) then reaches the command and
// everything it started, as it would without terse. In a session of its
// own, a `timeout -s KILL` of terse left the command's children running
// (issue 52). What terse stops itself, it stops as a tree (treeOf).
//
// Pdeathsig fires when the thread that started the child exits; Go keeps
// its threads for the life of the process unless a goroutine locked to one
// exits, and terse locks none.
func sysProcAttr(own bool) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// prSetChildSubreaper is PR_SET_CHILD_SUBREAPER of prctl(2).
const prSetChildSubreaper = 36

var subreaper sync.Once

// adoptOrphans makes terse the parent of the processes its command leaves
// behind when their own parent dies (a child subreaper), instead of init:
// they stay in terse's tree, where stopping the command finds them.
func adoptOrphans() {
	subreaper.Do(func() {
		_, _, _ = syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	})
}

// children records the commands the runner started and has not yet
// waited for: the other children of terse are the orphans they left.
var children = struct {
	sync.Mutex
	pids map[int]bool
}{pids: map[int]bool{}}

func startedChild(pid int) {
	children.Lock()
	children.pids[pid] = true
	children.Unlock()
}

func waitedChild(pid int) {
	children.Lock()
	delete(children.pids, pid)
	children.Unlock()
}

// treeOf is the command pid and every process below it, with the orphans
// terse adopted (see adoptOrphans), read from /proc.
func treeOf(pid int) []int {
	parents := parentsOf()
	below := map[int][]int{}
	for p, pp := range parents {
		below[pp] = append(below[pp], p)
	}
	self := os.Getpid()
	roots := []int{pid}
	children.Lock()
	for _, p := range below[self] {
		if p != pid && !children.pids[p] {
			roots = append(roots, p)
		}
	}
	children.Unlock()
	var tree []int
	seen := map[int]bool{}
	for len(roots) > 0 {
		p := roots[len(roots)-1]
		roots = roots[:len(roots)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		tree = append(tree, p)
		roots = append(roots, below[p]...)
	}
	return tree
}

// parentsOf maps every process to its parent.
func parentsOf() map[int]int {
	parents := map[int]int{}
	d, err := os.Open("/proc")
	if err != nil {
		return parents
	}
	defer d.Close()
	names, _ := d.Readdirnames(-1)
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		if pp, ok := parentOf(pid); ok {
			parents[pid] = pp
		}
	}
	return parents
}

// parentOf reads the parent of pid from /proc/PID/stat, whose second field
// (the command name, in parentheses) may hold spaces and parentheses: the
// fields that follow come after its last ")".
func parentOf(pid int) (int, bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, false
	}
	fields := strings.Fields(s[i+1:])
	if len(fields) < 2 {
		return 0, false
	}
	pp, err := strconv.Atoi(fields[1])
	return pp, err == nil
}
