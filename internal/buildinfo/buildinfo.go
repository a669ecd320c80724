// Package buildinfo says which build of terse is running: the version, the
// commit and the Go toolchain, for `terse --version` and `terse-hook
// --version`, so that a bug report can name its build. It imports nothing
// beyond the standard library: the small terse-hook binary uses it too.
package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Version is the release version, set when a release is built:
//
//	go build -ldflags "-X github.com/terse-dev/terse/internal/buildinfo.Version=v1.2.3"
//
// Empty otherwise, and then the module version from the build info is used.
var Version string

// Info describes one build.
type Info struct {
	// Version is the release version (-X), else the module's version as the
	// go command stamped it (v1.2.3 from `go install …@v1.2.3`, a
	// pseudo-version when built from a VCS checkout), else "dev".
	Version string
	// Commit is the VCS revision the binary was built from ("" when the
	// build had none, as with -buildvcs=false or a build outside a clone).
	Commit string
	// Modified reports a build from a working tree with uncommitted changes.
	Modified bool
	// GoVersion is the toolchain that built the binary (go1.26.8).
	GoVersion string
	// Platform is GOOS/GOARCH.
	Platform string
}

// Read returns the running binary's Info.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return FromBuildInfo(Version, bi)
}

// FromBuildInfo is Read on given inputs: the -X version (may be empty) and
// the build info (may be nil, for a binary built without module support).
func FromBuildInfo(release string, bi *debug.BuildInfo) Info {
	info := Info{Version: release, GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		if info.Version == "" {
			info.Version = "dev"
		}
		return info
	}
	if bi.GoVersion != "" {
		info.GoVersion = bi.GoVersion
	}
	if info.Version == "" {
		info.Version = moduleVersion(bi.Main.Version)
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			info.Commit = s.Value
		case "vcs.modified":
			info.Modified = s.Value == "true"
		}
	}
	return info
}

// moduleVersion is the main module's version, or "dev" where the go
// command had none to stamp: "(devel)" is what `go build` in a tree without
// VCS information gives.
func moduleVersion(v string) string {
	if v == "" || v == "(devel)" {
		return "dev"
	}
	return v
}

// String is the one line --version prints:
//
//	v1.2.3 (commit 0123456789ab, modified; go1.26.8 linux/amd64)
func (i Info) String() string {
	var b strings.Builder
	b.WriteString(i.Version)
	b.WriteString(" (")
	if i.Commit != "" {
		b.WriteString("commit ")
		b.WriteString(short(i.Commit))
		if i.Modified {
			b.WriteString(", modified")
		}
		b.WriteString("; ")
	}
	b.WriteString(i.GoVersion)
	b.WriteString(" ")
	b.WriteString(i.Platform)
	b.WriteString(")")
	return b.String()
}

// short is the first 12 hex digits of a commit, as git and Go's
// pseudo-versions abbreviate it.
func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}
