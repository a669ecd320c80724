package profiles

import (
	"github.com/terse-dev/terse/internal/parse"
	"github.com/terse-dev/terse/internal/parse/gotest"
)

// textParsers names the Go parsers a profile's text.parser can choose: the
// tools whose output their YAML rules cannot describe. A new one is a
// package under internal/parse and one line here.
var textParsers = map[string]parse.TextParser{
	"eslint":  parseEslintText,
	"generic": parseGeneric,
	"gotest":  gotest.Parse,
	"jest":    parseJestText,
	"pytest":  parsePytestText,
	"vitest":  parseVitestText,
}

// messageAnalyzers names the Go analyzers a profile's json.messages can
// choose: they read the tool's own failure text that its JSON report carries.
var messageAnalyzers = map[string]parse.MessageAnalyzer{
	"eslint": analyzeEslintJSON,
	"jest":   analyzeJestMessages,
	"vitest": analyzeVitestMessages,
}

// RegisterTextParser adds a parser beside the table, for programs that embed
// this package (and tests that need a parser that misbehaves). Call it
// before shaping starts: the table is not guarded for concurrent change.
func RegisterTextParser(name string, p parse.TextParser) { textParsers[name] = p }
