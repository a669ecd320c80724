package jsonshape

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// DefaultBudget is how many bytes of list items beyond the page the shaper
// keeps, over all lists, while it cannot yet know which list is the main one
// (the largest, known only at the end of the document). Lists that stay
// under it come out whole; the main list is cut to its page in any case.
const DefaultBudget = 4 << 20

// Options say how to shape a document.
type Options struct {
	// Window is the page of the main list to keep (Limit 0: all of it).
	Window report.Window
	// List is the path of the main list; nil picks the top-level array, or
	// the largest array reached through objects.
	List []string
	// Fields keeps only these keys of each item of the main list (of the
	// document itself when it has no list).
	Fields []string
	// Verbose keeps the verbose fields.
	Verbose bool
	// VerboseFields are dotted paths inside each item of the main list
	// dropped unless Verbose or Fields is set ("description",
	// "scenarios.steps": arrays on the way apply the rest to each element).
	VerboseFields []string
	// NoiseFields are dotted paths from the document's root that are per-run
	// noise (timestamps, timings, checksums), dropped in every mode.
	NoiseFields []string
	// Budget overrides DefaultBudget (tests use a small one).
	Budget int
}

// Doc is a shaped document.
type Doc struct {
	// Root is the document, its main list cut to the page, null and empty
	// values dropped. For a sequence it is the []any of values kept.
	Root any
	// Seq is true when the input was a sequence of values (JSON lines),
	// shaped as one list.
	Seq bool
	// List describes the main list; nil when the document has none.
	List *List
	// Omitted counts the fields left out, in order of first omission.
	Omitted []Omission
	// Notes are lines the reader should see.
	Notes []string
}

// List is the page of the main list kept.
type List struct {
	// Path is where the list is in Root (empty for the root itself).
	Path   []string
	Total  int
	Offset int
	// Limit is the page size (0: no limit).
	Limit int
	Shown int
}

// HasMore reports whether items follow the page.
func (l *List) HasMore() bool { return l.Limit > 0 && l.Offset+l.Limit < l.Total }

// Cut reports whether the page is not the whole list.
func (l *List) Cut() bool { return l.Offset > 0 || l.HasMore() }

// Omission is a field left out and what it would cost.
type Omission struct {
	// Field is its dotted path (from an item of the main list for item
	// fields, from the root otherwise), or a name a profile gave.
	Field string
	// Tokens is the cost of the field in every place it was left out.
	Tokens int
	// Back says how to get it back: "verbose" (--verbose), "fields" (drop
	// --fields), "" (the tool's own output).
	Back string
	// Estimated is true when part of Tokens is an estimate (past the
	// exact-count budget of a huge document).
	Estimated bool
}

// InputError is JSON input the shaper could not read: truncated or not JSON.
type InputError struct {
	// Offset is how far the input was read.
	Offset int64
	// Truncated is true when the input ended inside a value.
	Truncated bool
	Err       error
}

func (e *InputError) Error() string {
	if e.Truncated {
		return fmt.Sprintf("input looks like JSON but is truncated: it ends inside a value after %d bytes", e.Offset)
	}
	return fmt.Sprintf("input looks like JSON but is not valid after %d bytes (%v)", e.Offset, e.Err)
}

func (e *InputError) Unwrap() error { return e.Err }

// ErrSeqTooLarge is returned for a sequence of JSON values whose first value
// was too large to be kept whole before the second one showed it was a
// sequence.
var ErrSeqTooLarge = errors.New("a sequence of JSON values whose first value holds lists too large to keep")

// Shape reads JSON (one document, or a sequence of values such as JSON
// lines) from r and shapes it. It reads tokens as they come: items of a list
// outside the page are counted and skipped, never held.
func Shape(r io.Reader, opt Options) (*Doc, error) {
	cr := &countReader{r: DepthLimited(r)}
	dec := json.NewDecoder(cr)
	dec.UseNumber()
	w := &walker{dec: dec, opt: opt, budget: opt.Budget}
	if w.budget == 0 {
		w.budget = DefaultBudget
	}
	fail := func(err error) (*Doc, error) {
		return nil, inputError(err, dec, cr)
	}
	tok, err := dec.Token()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, &InputError{Err: errors.New("no JSON value")}
		}
		return fail(err)
	}
	root, err := w.value(nil, tok, true)
	if err != nil {
		return fail(err)
	}
	seq := false
	var seqList *listNode
	if dec.More() {
		// A second value: the input is a sequence. The first value becomes
		// the sequence's first item, if it was kept whole.
		if !w.complete() {
			return nil, ErrSeqTooLarge
		}
		first := w.materializeAll(root)
		seq = true
		seqList = &listNode{top: true}
		w.lists = []*listNode{seqList}
		if w.opt.Window.Keeps(0) {
			seqList.add(w, first, 0)
		} else {
			seqList.total++
		}
		for dec.More() {
			if err := w.item(seqList); err != nil {
				return fail(err)
			}
		}
		root = seqList
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err == nil {
			err = errors.New("unexpected data after the JSON value")
		}
		return fail(err)
	}
	return w.finish(root, seq), nil
}

func inputError(err error, dec *json.Decoder, cr *countReader) error {
	var ie *InputError
	if errors.As(err, &ie) {
		return ie
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		// The input ended: everything was read.
		return &InputError{Offset: cr.n, Truncated: true, Err: io.ErrUnexpectedEOF}
	}
	return &InputError{Offset: dec.InputOffset(), Err: err}
}

// countReader counts the bytes read through it.
type countReader struct {
	r io.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// walker walks the document's tokens. It builds the tree of objects and
// scalars and stands a listNode in for every array reached through objects.
type walker struct {
	dec    *json.Decoder
	opt    Options
	budget int
	kept   int // bytes of items kept beyond the pages
	lists  []*listNode
	raw    json.RawMessage
}

// listNode is an array reached through objects: its items on the page, and
// the others while the budget lasts.
type listNode struct {
	path  []string
	total int
	items []keptItem
	// cut is true once items outside the window were dropped.
	cut bool
	// top is true for the root array and sequences: the main list, whose
	// items outside the window are never kept.
	top bool
}

type keptItem struct {
	i    int
	v    any
	size int
}

func (l *listNode) complete() bool { return len(l.items) == l.total }

func (l *listNode) add(w *walker, v any, size int) {
	l.items = append(l.items, keptItem{i: l.total, v: v, size: size})
	if !w.opt.Window.Keeps(l.total) {
		w.kept += size
	}
	l.total++
}

// pathNode is a key on the way down to a value. A linked list, so that a
// deeply nested document costs a node per level, not a copy of the path.
type pathNode struct {
	up  *pathNode
	key string
}

func (p *pathNode) slice() []string {
	var out []string
	for n := p; n != nil; n = n.up {
		out = append(out, n.key)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// value builds the value that starts with tok, at path.
func (w *walker) value(path *pathNode, tok json.Token, root bool) (any, error) {
	d, ok := tok.(json.Delim)
	if !ok {
		return tok, nil
	}
	switch d {
	case '{':
		o := &Object{}
		for w.dec.More() {
			kt, err := w.dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string)
			vt, err := w.dec.Token()
			if err != nil {
				return nil, eofInside(err)
			}
			v, err := w.value(&pathNode{up: path, key: k}, vt, false)
			if err != nil {
				return nil, err
			}
			o.Keys = append(o.Keys, k)
			o.Vals = append(o.Vals, v)
		}
		if _, err := w.dec.Token(); err != nil {
			return nil, eofInside(err)
		}
		return o, nil
	case '[':
		l := &listNode{path: path.slice(), top: root}
		w.lists = append(w.lists, l)
		for w.dec.More() {
			if err := w.item(l); err != nil {
				return nil, err
			}
		}
		if _, err := w.dec.Token(); err != nil {
			return nil, eofInside(err)
		}
		return l, nil
	}
	return nil, fmt.Errorf("unexpected %v", d)
}

// item reads the next item of l: whole when it is on the page or the budget
// allows, else skipped.
func (w *walker) item(l *listNode) error {
	keep := w.opt.Window.Keeps(l.total) || (!l.top && !l.cut && w.kept < w.budget)
	if !keep {
		if err := w.dec.Decode(&w.raw); err != nil {
			return eofInside(err)
		}
		l.total++
		return nil
	}
	start := w.dec.InputOffset()
	v, err := ReadValue(w.dec)
	if err != nil {
		return eofInside(err)
	}
	l.add(w, v, int(w.dec.InputOffset()-start))
	if w.kept >= w.budget && !l.top {
		w.cutLargest()
	}
	return nil
}

// cutLargest drops the items outside the window of the list holding most
// of them, to stay within the budget.
func (w *walker) cutLargest() {
	var big *listNode
	most := 0
	for _, l := range w.lists {
		if l.cut || l.top {
			continue
		}
		n := 0
		for _, it := range l.items {
			if !w.opt.Window.Keeps(it.i) {
				n += it.size
			}
		}
		if n > most {
			big, most = l, n
		}
	}
	if big == nil {
		return
	}
	kept := big.items[:0]
	for _, it := range big.items {
		if w.opt.Window.Keeps(it.i) {
			kept = append(kept, it)
		}
	}
	clear(big.items[len(kept):])
	big.items = kept
	big.cut = true
	w.kept -= most
}

// eofInside turns an end of input met inside a value into the truncation it is.
func eofInside(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}

// complete reports whether every list so far was kept whole.
func (w *walker) complete() bool {
	for _, l := range w.lists {
		if !l.complete() {
			return false
		}
	}
	return true
}

// materializeAll replaces the list nodes in v with all their items.
func (w *walker) materializeAll(v any) any {
	switch t := v.(type) {
	case *Object:
		for i := range t.Vals {
			t.Vals[i] = w.materializeAll(t.Vals[i])
		}
	case *listNode:
		out := make([]any, len(t.items))
		for i, it := range t.items {
			out[i] = it.v
		}
		return out
	}
	return v
}

// finish picks the main list, puts pages in place of the list nodes, drops
// noise and verbose fields (counting them) and null or empty values.
func (w *walker) finish(root any, seq bool) *Doc {
	doc := &Doc{Seq: seq}
	main := w.mainList(root)
	om := &omissions{}
	var page []any
	doc.Root = w.place(root, main, &page, doc)
	if main != nil {
		doc.List = &List{Path: main.path, Total: main.total, Offset: w.opt.Window.Offset,
			Limit: w.opt.Window.Limit, Shown: len(page)}
	}
	for _, p := range w.opt.NoiseFields {
		dropPath(doc.Root, strings.Split(p, "."), p, "", om)
	}
	switch {
	case len(w.opt.Fields) > 0 && main != nil:
		for _, it := range page {
			project(it, w.opt.Fields, om)
		}
	case len(w.opt.Fields) > 0:
		project(doc.Root, w.opt.Fields, om)
	case !w.opt.Verbose && main != nil:
		for _, p := range w.opt.VerboseFields {
			parts := strings.Split(p, ".")
			for _, it := range page {
				dropPath(it, parts, p, "verbose", om)
			}
		}
	}
	doc.Root = stripEscapes(Prune(doc.Root))
	doc.Omitted = om.list
	return doc
}

// mainList is the list to paginate: the one at opt.List, else the root
// list, else the one with most items (the first of equals).
func (w *walker) mainList(root any) *listNode {
	if l, ok := root.(*listNode); ok {
		return l
	}
	if w.opt.List != nil {
		want := strings.Join(w.opt.List, "\x00")
		for _, l := range w.lists {
			if strings.Join(l.path, "\x00") == want {
				return l
			}
		}
	}
	var best *listNode
	for _, l := range w.lists {
		if l.total > 0 && (best == nil || l.total > best.total) {
			best = l
		}
	}
	return best
}

// place replaces each list node in v with its items: the page for the main
// list (also returned in page), all of them for the others when they were
// kept whole, the page otherwise (with a note).
func (w *walker) place(v any, main *listNode, page *[]any, doc *Doc) any {
	switch t := v.(type) {
	case *Object:
		for i := range t.Vals {
			t.Vals[i] = w.place(t.Vals[i], main, page, doc)
		}
		return t
	case *listNode:
		var out []any
		for _, it := range t.items {
			if t != main || w.opt.Window.Keeps(it.i) {
				out = append(out, it.v)
			}
		}
		if out == nil {
			out = []any{}
		}
		if t == main {
			*page = out
		} else if !t.complete() {
			doc.Notes = append(doc.Notes, fmt.Sprintf("list %s cut to its page too (%d of %d items): terse keeps one large list whole per document; --jq '.%s' shows this one",
				strings.Join(t.path, "."), len(out), t.total, strings.Join(t.path, ".")))
		}
		return out
	}
	return v
}

// omissions accumulates the cost of the fields left out.
type omissions struct {
	list    []Omission
	scratch []byte
	meter   costMeter
}

func (o *omissions) add(field, back, key string, v any) {
	v = Prune(v)
	if Empty(v) {
		return // it would not have been shown
	}
	o.scratch = appendMember(o.scratch[:0], key, v)
	n, exact := o.meter.cost(o.scratch)
	o.add1(field, back, n, !exact)
}

// appendMember appends `"key":value,` as compact JSON: what a member costs.
func appendMember(buf []byte, key string, v any) []byte {
	buf = AppendString(buf, key)
	buf = append(buf, ':')
	buf = AppendJSON(buf, v)
	return append(buf, ',')
}

// MemberCost is the cost of the member key: v in compact JSON, null and
// empty values pruned; 0 when nothing would be shown.
func MemberCost(key string, v any) int {
	v = Prune(v)
	if Empty(v) {
		return 0
	}
	return Cost(appendMember(nil, key, v))
}

func (o *omissions) add1(field, back string, tokens int, estimated bool) {
	for i := range o.list {
		if o.list[i].Field == field {
			o.list[i].Tokens += tokens
			o.list[i].Estimated = o.list[i].Estimated || estimated
			return
		}
	}
	if len(o.list) >= maxOmittedFields {
		field, back = "other fields", ""
		for i := range o.list {
			if o.list[i].Field == field {
				o.list[i].Tokens += tokens
				o.list[i].Estimated = o.list[i].Estimated || estimated
				return
			}
		}
	}
	o.list = append(o.list, Omission{Field: field, Tokens: tokens, Back: back, Estimated: estimated})
}

// maxOmittedFields bounds the distinct fields counted one by one (a document
// with generated keys has no end of them); the rest are counted together.
const maxOmittedFields = 100

// dropPath removes the member at path from v, applying the rest of the path
// to each element of arrays met on the way, and counts what it removed under
// label.
func dropPath(v any, path []string, label, back string, om *omissions) {
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			dropPath(e, path, label, back, om)
		}
	case *Object:
		if len(path) == 1 {
			if dv, ok := t.Delete(path[0]); ok {
				om.add(label, back, path[0], dv)
			}
			return
		}
		if next, ok := t.Get(path[0]); ok {
			dropPath(next, path[1:], label, back, om)
		}
	}
}

// project keeps only the keys in fields of object v, counting the others.
func project(v any, fields []string, om *omissions) {
	o, ok := v.(*Object)
	if !ok {
		return
	}
	n := 0
	for i, k := range o.Keys {
		if contains(fields, k) {
			o.Keys[n], o.Vals[n] = k, o.Vals[i]
			n++
			continue
		}
		om.add(k, "fields", k, o.Vals[i])
	}
	clear(o.Keys[n:])
	clear(o.Vals[n:])
	o.Keys, o.Vals = o.Keys[:n], o.Vals[:n]
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

// stripEscapes removes terminal escape sequences from the strings in v: tools
// embed coloured text in JSON (test runners' failure messages), and terse
// emits no ANSI, not even escaped.
func stripEscapes(v any) any {
	switch t := v.(type) {
	case string:
		return filters.StripANSI(t)
	case *Object:
		for i := range t.Vals {
			t.Vals[i] = stripEscapes(t.Vals[i])
		}
	case []any:
		for i := range t {
			t[i] = stripEscapes(t[i])
		}
	}
	return v
}
