package filters

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use. terse starts a
// process for every wrapped command, and the profiles' dozens of patterns,
// compiled at package initialisation, cost every start a few milliseconds
// whatever the run needs.
type Regexp struct {
	pattern string
	once    sync.Once
	re      *regexp.Regexp
}

var (
	lazyMu  sync.Mutex
	lazyAll []*Regexp
)

// Lazy returns a Regexp for pattern. An invalid pattern panics on first use;
// CompileAll (run by the tests) finds it before that.
func Lazy(pattern string) *Regexp {
	r := &Regexp{pattern: pattern}
	lazyMu.Lock()
	lazyAll = append(lazyAll, r)
	lazyMu.Unlock()
	return r
}

// CompileAll compiles every pattern made with Lazy and returns the first
// error.
func CompileAll() error {
	lazyMu.Lock()
	all := append([]*Regexp(nil), lazyAll...)
	lazyMu.Unlock()
	for _, r := range all {
		if _, err := regexp.Compile(r.pattern); err != nil {
			return err
		}
	}
	return nil
}

// Re returns the compiled expression.
func (r *Regexp) Re() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.pattern) })
	return r.re
}

// MatchString is regexp.Regexp.MatchString.
func (r *Regexp) MatchString(s string) bool { return r.Re().MatchString(s) }

// FindStringSubmatch is regexp.Regexp.FindStringSubmatch.
func (r *Regexp) FindStringSubmatch(s string) []string { return r.Re().FindStringSubmatch(s) }

// FindAllStringSubmatch is regexp.Regexp.FindAllStringSubmatch.
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Re().FindAllStringSubmatch(s, n)
}

// Match is regexp.Regexp.Match.
func (r *Regexp) Match(b []byte) bool { return r.Re().Match(b) }
