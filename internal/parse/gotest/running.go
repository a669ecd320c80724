package gotest

// goRunningMax is how many running tests goRunning keeps in its list
// before it moves them to a map.
const goRunningMax = 16

// goRunning is the set of a package's tests started and not yet finished,
// by name. Most of the time it holds one test and its parents, and a list
// searched from its end (the test started last is the one asked for most)
// costs less than a map, whose look-ups, insertions and deletions on every
// "=== RUN" and "--- PASS" line were a fifth of the text form's time. A
// test with many subtests (go test -v prints their results after its own)
// or many parallel tests move the set to a map, until it is empty again.
type goRunning struct {
	list   []*goTest
	byName map[string]*goTest // the tests while big; kept, empty, for the next time
	big    bool
}

// get returns the running test named name, or nil.
func (r *goRunning) get(name string) *goTest {
	if r.big {
		return r.byName[name]
	}
	if i := r.index(name); i >= 0 {
		return r.list[i]
	}
	return nil
}

// index is the place of name in the list, or -1.
func (r *goRunning) index(name string) int {
	for i := len(r.list) - 1; i >= 0; i-- {
		if r.list[i].name == name {
			return i
		}
	}
	return -1
}

// add puts t in the set; no test of its name is there.
func (r *goRunning) add(t *goTest) {
	if !r.big && len(r.list) < goRunningMax {
		r.list = append(r.list, t)
		return
	}
	if !r.big {
		if r.byName == nil {
			r.byName = make(map[string]*goTest, 2*goRunningMax)
		}
		for _, o := range r.list {
			r.byName[o.name] = o
		}
		clear(r.list)
		r.list, r.big = r.list[:0], true
	}
	r.byName[t.name] = t
}

// remove takes the test named name out of the set, if it is there.
func (r *goRunning) remove(name string) {
	if r.big {
		delete(r.byName, name)
		r.big = len(r.byName) > 0
		return
	}
	if i := r.index(name); i >= 0 {
		copy(r.list[i:], r.list[i+1:])
		r.list[len(r.list)-1] = nil
		r.list = r.list[:len(r.list)-1]
	}
}

// names calls fn with the name of every running test.
func (r *goRunning) names(fn func(name string)) {
	for name := range r.byName {
		fn(name)
	}
	for _, t := range r.list {
		fn(t.name)
	}
}
