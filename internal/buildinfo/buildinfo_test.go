package buildinfo

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	plat := runtime.GOOS + "/" + runtime.GOARCH
	vcs := []debug.BuildSetting{
		{Key: "-trimpath", Value: "true"},
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "fcb3bcb1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7"},
		{Key: "vcs.modified", Value: "true"},
	}
	tests := []struct {
		name    string
		release string
		bi      *debug.BuildInfo
		want    string
	}{
		{"release stamp wins over the module version", "v1.2.3",
			&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261123-fcb3bcb1d2e3+dirty"}, Settings: vcs},
			"v1.2.3 (commit fcb3bcb1d2e3, modified; go1.26.8 " + plat + ")"},
		{"go install module@version", "",
			&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.4.0"}},
			"v0.4.0 (go1.26.8 " + plat + ")"},
		{"go build in a tree without VCS", "",
			&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"dev (go1.26.8 " + plat + ")"},
		{"clean checkout", "",
			&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"},
				Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "false"}}},
			"dev (commit abc123; go1.26.8 " + plat + ")"},
		{"no build info", "", nil, "dev (" + runtime.Version() + " " + plat + ")"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := FromBuildInfo(tt.release, tt.bi).String(); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestRead checks the test binary's own build info is read: the go command
// stamps test binaries with the toolchain's version.
func TestRead(t *testing.T) {
	i := Read()
	if i.GoVersion != runtime.Version() || i.Version == "" {
		t.Errorf("Read() = %+v", i)
	}
}

// BenchmarkRead is the cost Read adds to every start of terse (newApp
// reads the version for urfave/cli's --version).
func BenchmarkRead(b *testing.B) {
	for b.Loop() {
		_ = Read().String()
	}
}
