package parse

import (
	"strconv"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// PlaceFailure sets a JS test failure's line from the first frame in its
// own test file (when lineFromFrames), and keeps the other frames in user
// code, up to the limit; frames in node_modules, node internals and the
// runner (opt.Frames, from the profile) are dropped and counted. It never invents a line: with no frame in
// the test file the line stays unset. jest and vitest print their stacks
// alike and share it.
func PlaceFailure(f *report.Failure, frames []report.Frame, b *report.Builder, opt Options, lineFromFrames bool) {
	dropped := 0
	var kept []report.Frame
	for _, fr := range frames {
		fr.File = opt.Rel(fr.File)
		if opt.Frames.Classify(fr) != filters.User {
			dropped++
			continue
		}
		if lineFromFrames && f.Line == 0 && f.File != "" && fr.File == f.File {
			f.Line = fr.Line
			continue
		}
		if fr.File == f.File && fr.Line == f.Line {
			continue // the location line says it already
		}
		if n := len(kept); n > 0 && kept[n-1].File == fr.File && kept[n-1].Line == fr.Line {
			continue
		}
		kept = append(kept, fr)
	}
	if f.File == "" && len(kept) > 0 {
		f.File, f.Line = kept[0].File, kept[0].Line
		kept = kept[1:]
	}
	if limit := opt.FrameLimit(); len(kept) > limit {
		dropped += len(kept) - limit
		kept = kept[:limit]
	}
	b.OmitKey(report.OmitStackFrames, dropped)
	f.Frames = kept
}

// LeadingInt reads the decimal number s starts with.
func LeadingInt(s string) (int, string, bool) {
	i := 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 {
		return 0, s, false
	}
	n, _ := strconv.Atoi(s[:i])
	return n, s[i:], true
}
