package profiles

import (
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/internal/parse/eslint"
	"github.com/terse-dev/terse/internal/parse/generic"
	"github.com/terse-dev/terse/internal/parse/gotest"
	"github.com/terse-dev/terse/internal/parse/jest"
	"github.com/terse-dev/terse/internal/parse/pytest"
	"github.com/terse-dev/terse/internal/parse/vitest"
)

// textParsers names the Go parsers a profile's text.parser can choose: the
// tools whose output their YAML rules cannot describe. A new one is a
// package under internal/parse and one line here.
var textParsers = map[string]parse.TextParser{
	"eslint":  eslint.Parse,
	"generic": generic.Parse,
	"gotest":  gotest.Parse,
	"jest":    jest.Parse,
	"pytest":  pytest.Parse,
	"vitest":  vitest.Parse,
}

// fedParsers are the parsers of textParsers that take their lines as a
// pipe's scan has cleaned them (filters.LineFeed): those that read through
// the LineReader's EachClean, and gotest, which reads with Next and cleans
// every line it does not decode as a -json event (events are visible
// text, which cleaning leaves as it is). The YAML rules read so too.
var fedParsers = map[string]bool{"": true, "eslint": true, "generic": true, "gotest": true, "jest": true, "pytest": true, "vitest": true}

// viewParsers are the fed parsers that copy every part of a line they keep
// past the batch they read it in (the YAML rules: rulesParser clones what
// it keeps). Their lines need not be strings of their own: the scan feeds
// them views of its batches' text, which it never writes again, and is
// spared an allocation a line. (A parser that keeps the lines it is fed
// would keep each batch's array with them.)
var viewParsers = map[string]bool{"": true}

// slabParsers are the fed parsers that read their lines, in a pipe given
// by name, from parse.LineStrings's shared blocks, and so keep few lines
// past the next (a kept line holds its block): a pipe's scan cuts the
// lines it feeds them from such blocks too, where it would allocate a
// string a line.
var slabParsers = map[string]bool{"gotest": true, "pytest": true}

// fedLines says how a pipe's scan may hand a fed parser its lines.
type fedLines uint8

const (
	fedOwn   fedLines = iota // each a string of its own
	fedSlab                  // cut from shared blocks (slabParsers)
	fedViews                 // views of the batches' text (viewParsers)
)

// fedLinesOf is how the scan may hand parser its lines.
func fedLinesOf(parser string) fedLines {
	switch {
	case viewParsers[parser]:
		return fedViews
	case slabParsers[parser]:
		return fedSlab
	}
	return fedOwn
}

// wholeParsers are the parsers (the YAML rules: "") whose report on a page
// is the page of their report with no limit: the same failures, counts,
// notes and omissions (report.PageOf), which Options.Whole relies on.
// go test's and pytest's are not: they leave out the detail of a failure
// off the page, and count what they omit of the failures on it alone.
// TestWholePagesAsTheWindow holds every profile of these parsers to it.
var wholeParsers = map[string]bool{"": true, "eslint": true, "jest": true, "vitest": true}

// offPageParsers are the wholeParsers that build every failure whole,
// whatever the window (a builder's Every then holds the whole list):
// eslint's text parser leaves the detail of a problem off the page out.
// TestEveryMaxIsTheWholeList holds every profile of these parsers to it.
var offPageParsers = map[string]bool{"": true, "jest": true, "vitest": true}

// everyParsers are the parsers that are not wholeParsers but give every
// failure whole to their builder's Every while they shape a page
// (report.Builder.KeepsAll): with Options.Whole, the page is shaped as
// asked, and Outcome.All holds the whole list, from the same pass.
// TestEveryIsTheWholeList holds every profile of these parsers to it.
var everyParsers = map[string]bool{"gotest": true}

// messageAnalyzers names the Go analyzers a profile's json.messages can
// choose: they read the tool's own failure text that its JSON report carries.
var messageAnalyzers = map[string]parse.MessageAnalyzer{
	"eslint": eslint.AnalyzeMessages,
	"jest":   jest.AnalyzeMessages,
	"vitest": vitest.AnalyzeMessages,
}

// RegisterTextParser adds a parser beside the table, for programs that embed
// this package (and tests that need a parser that misbehaves). Call it
// before shaping starts: the table is not guarded for concurrent change.
func RegisterTextParser(name string, p parse.TextParser) { textParsers[name] = p }
