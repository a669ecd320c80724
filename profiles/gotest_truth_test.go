package profiles_test

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/profiles"
)

// goCaptureOptions sets, for a go test capture, the module the capture
// ran in: its path from <case>.module beside it, its directory the fixed
// fixture root the capture script ran it at.
func goCaptureOptions(path string, opt profiles.Options) profiles.Options {
	mod, ok := goCaptureModule(path)
	if ok && opt.GoModule.Path == "" {
		opt.GoModule = mod
	}
	return opt
}

func goCaptureModule(path string) (parse.GoModule, bool) {
	stem := captureName(path)
	data, err := os.ReadFile(filepath.Join(filepath.Dir(path), stem+".module"))
	if err != nil {
		return parse.GoModule{}, false
	}
	return parse.GoModule{Path: strings.TrimSpace(string(data)), Dir: "/tmp/terse-fixtures/gotest/" + stem}, true
}
