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

// fedParsers are the parsers of textParsers that read every line through
// the LineReader's EachClean: when a pipe's scan has cleaned the lines
// already, it hands them over (filters.LineFeed) instead of the bytes.
var fedParsers = map[string]bool{"eslint": true, "generic": true, "jest": true, "pytest": true, "vitest": true}

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
