package claim

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/terse-dev/terse/internal/capturelines"
	"github.com/terse-dev/terse/internal/fastre"
	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/internal/longtest"
	"github.com/terse-dev/terse/internal/match"
)

// profilesDir is where the built-in profiles' folders are: the tests claim
// with their detection signatures, read from their YAML as the profiles
// package reads them (which this package cannot import).
const profilesDir = "../../profiles"

// builtinSets is the built-in profiles' detection signatures as signature
// sets, set i being the profile names[i]'s, in the order of their names as
// the profiles package numbers them; leads from their "over"; comp their
// compiled patterns. Needs and claim sets are worked out as a profile
// loaded from YAML has them; gates are left to the index, as for a
// user's profile (profiles' TestIndexWithoutTableGatesClaimsAlike shows
// the generated table's gates claim alike).
type builtinSets struct {
	names []string
	sets  [][]Sig
	leads []Lead
	comp  *compiled
}

// profileDetect is the part of a profile.yaml the index reads.
type profileDetect struct {
	Name   string `yaml:"name"`
	Detect struct {
		Text []string `yaml:"text"`
		Over []struct {
			Profile string `yaml:"profile"`
			Text    string `yaml:"text"`
		} `yaml:"over"`
	} `yaml:"detect"`
}

var builtinOnce = sync.OnceValues(func() (*builtinSets, error) {
	files, _ := filepath.Glob(filepath.Join(profilesDir, "*", "profile.yaml"))
	if len(files) < 20 {
		return nil, errors.New("no built-in profiles under " + profilesDir)
	}
	var profs []profileDetect
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var p profileDetect
		if err := yaml.Unmarshal(data, &p); err != nil {
			return nil, err
		}
		profs = append(profs, p)
	}
	slices.SortFunc(profs, func(a, b profileDetect) int { return strings.Compare(a.Name, b.Name) })
	b := &builtinSets{comp: &compiled{}}
	for _, p := range profs {
		b.names = append(b.names, p.Name)
	}
	for pi, p := range profs {
		var set []Sig
		var res []*fastre.Regexp
		var subs []match.SureAlts
		for _, pattern := range p.Detect.Text {
			set = append(set, Sig{Pattern: pattern, Needs: match.RequiredLiterals(pattern)})
			re, err := fastre.Compile(pattern)
			if err != nil {
				return nil, err
			}
			res = append(res, re)
			subs = append(subs, match.SubsOf(pattern))
		}
		b.sets = append(b.sets, set)
		b.comp.res = append(b.comp.res, res)
		b.comp.subs = append(b.comp.subs, subs)
		for _, o := range p.Detect.Over {
			over, i := slices.Index(b.names, o.Profile), slices.Index(p.Detect.Text, o.Text)
			if over >= 0 && i >= 0 {
				b.leads = append(b.leads, Lead{Set: pi, Sig: i, Over: over})
			}
		}
	}
	return b, nil
})

// builtin is builtinSets, read once for every test.
func builtin(t testing.TB) *builtinSets {
	t.Helper()
	b, err := builtinOnce()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// index is a new index of b's sets with opt.
func (b *builtinSets) index(opt Options) *Index { return New(b.sets, b.leads, b.comp, opt) }

// set is the number of the profile named name (-1: none).
func (b *builtinSets) set(name string) int { return slices.Index(b.names, name) }

// name is set n's profile's name ("none": -1).
func (b *builtinSets) name(n int) string {
	if n < 0 {
		return "none"
	}
	return b.names[n]
}

// compiled is the patterns of builtinSets, compiled once.
type compiled struct {
	res  [][]*fastre.Regexp
	subs [][]match.SureAlts
}

func (c *compiled) Regexp(set, sig int) (*fastre.Regexp, error) { return c.res[set][sig], nil }
func (c *compiled) Sub(set, sig int) match.SureAlts             { return c.subs[set][sig] }

// captureLines is every distinct line of the built-in profiles' text
// captures, cleaned as the scan cleans them, with variants that move the
// edges the gates look at.
func captureLines(t *testing.T) []string { return capturelines.ForTest(t, profilesDir) }

// cleanCaptureLines is every line of the text captures, cleaned, in order.
func cleanCaptureLines(t testing.TB) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(profilesDir, "*/testdata/captures/*.txt"))
	if len(files) < 50 {
		t.Fatalf("%d captures", len(files))
	}
	var lines []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range strings.Split(string(b), "\n") {
			lines = append(lines, filters.CleanLine(l))
		}
	}
	return lines
}

// lineSample is the part of lines a default run checks (all of them with
// TERSE_LONG_TESTS), as profiles' tests take it.
func lineSample[T any](lines []T) []T {
	return longtest.Sample(lines, 8)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// The sets read from the YAML are the built-in profiles: every folder's,
// with signatures, and golangci-lint's lead over go vet's.
func TestBuiltinSetsReadTheProfiles(t *testing.T) {
	b := builtin(t)
	sigs := 0
	for _, set := range b.sets {
		sigs += len(set)
	}
	if len(b.sets) < 30 || sigs < 100 || b.set("golangci-lint") < 0 || len(b.leads) == 0 {
		t.Fatalf("%d sets, %d signatures, %d leads", len(b.sets), sigs, len(b.leads))
	}
}
