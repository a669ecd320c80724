package safefile

import (
	"os"
	"syscall"
)

// The file systems whose files are made up by the kernel when read: their
// fstat sizes (0 for /proc/self/environ, 4096 for a /sys attribute) say
// nothing of what a read returns.
var pseudoFS = map[int64]string{
	0x9fa0:     "proc",
	0x62656572: "sysfs",
	0x64626720: "debugfs",
	0x74726163: "tracefs",
	0x73636673: "securityfs",
	0x27e0eb:   "cgroup",
	0x63677270: "cgroup2",
	0x62656570: "configfs",
	0xde5e81e4: "efivarfs",
	0xcafe4a11: "bpf",
	0x6165676c: "pstore",
}

// PseudoFS names the kernel pseudo-file system f is on ("proc", "sysfs"),
// or "" when it is on none, or when that cannot be told.
func PseudoFS(f *os.File) string {
	var st syscall.Statfs_t
	if err := syscall.Fstatfs(int(f.Fd()), &st); err != nil {
		return ""
	}
	return pseudoFS[int64(st.Type)]
}
