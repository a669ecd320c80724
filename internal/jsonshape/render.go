package jsonshape

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/filters"
)

// Hints say how to get back what a shaped document leaves out.
type Hints struct {
	// Next returns the command that shows the page starting at offset.
	Next func(offset int) string
	// More is the command that keeps the verbose fields.
	More string
	// AllFields is the command without --fields.
	AllFields string
}

func (h Hints) next(l *List) string {
	if h.Next == nil || l == nil || !l.HasMore() {
		return ""
	}
	return h.Next(l.Offset + l.Limit)
}

// back is the command that brings back the omitted fields that can come back.
func (h Hints) back(d *Doc) string {
	for _, o := range d.Omitted {
		switch o.Back {
		case "fields":
			return h.AllFields
		case "verbose":
			return h.More
		}
	}
	return ""
}

// member is a key terse adds to the document.
type member struct {
	key string
	val []byte // compact JSON
}

// extras are the keys terse adds: pagination, omitted (with
// omittedEstimated, the fields whose cost is an estimate, when there are any),
// more, next, notes.
func extras(d *Doc, h Hints) []member {
	var ms []member
	if l := d.List; l != nil && l.Cut() {
		ms = append(ms, member{"pagination", fmt.Appendf(nil, `{"total":%d,"limit":%d,"offset":%d,"hasMore":%t}`,
			l.Total, l.Limit, l.Offset, l.HasMore())})
	}
	if len(d.Omitted) > 0 {
		b := []byte{'{'}
		for i, o := range d.Omitted {
			if i > 0 {
				b = append(b, ',')
			}
			b = AppendString(b, o.Field)
			b = append(b, ':')
			b = strconv.AppendInt(b, int64(o.Tokens), 10)
		}
		ms = append(ms, member{"omitted", append(b, '}')})
		// Costs past the exact-count budget of a huge document are
		// estimates: they are named, as the text form marks them "~".
		var est []any
		for _, o := range d.Omitted {
			if o.Estimated {
				est = append(est, o.Field)
			}
		}
		if len(est) > 0 {
			ms = append(ms, member{"omittedEstimated", Encode(est)})
		}
		if back := h.back(d); back != "" {
			ms = append(ms, member{"more", AppendString(nil, back)})
		}
	}
	if n := h.next(d.List); n != "" {
		ms = append(ms, member{"next", AppendString(nil, n)})
	}
	if len(d.Notes) > 0 {
		notes := make([]any, len(d.Notes))
		for i, n := range d.Notes {
			notes[i] = n
		}
		ms = append(ms, member{"notes", Encode(notes)})
	}
	return ms
}

// WriteJSON writes d as compact JSON (indented when pretty) and a newline.
// The document keeps its own keys in their order; terse's additions
// (pagination, omitted, more, next, notes) follow them, prefixed with
// "terse_" where the document already has such a key. A list cut to a page
// or stripped of fields comes in an envelope {"items":[...],...}; a sequence
// that was not comes back one value per line.
//
// The characters that reorder text are escaped (filters.Reordering).
func WriteJSON(w io.Writer, d *Doc, h Hints, pretty bool) error {
	ew := &filters.ReorderingWriter{W: w}
	if err := writeJSON(ew, d, h, pretty); err != nil {
		return err
	}
	return ew.Flush()
}

func writeJSON(w io.Writer, d *Doc, h Hints, pretty bool) error {
	ms := extras(d, h)
	var buf []byte
	switch root := d.Root.(type) {
	case *Object:
		buf = AppendJSON(buf, root)
		if len(ms) > 0 {
			buf = buf[:len(buf)-1]
			for i, m := range ms {
				if len(root.Keys) > 0 || i > 0 {
					buf = append(buf, ',')
				}
				k := m.key
				if _, clash := root.Get(k); clash {
					k = "terse_" + k
				}
				buf = AppendString(buf, k)
				buf = append(buf, ':')
				buf = append(buf, m.val...)
			}
			buf = append(buf, '}')
		}
	case []any:
		if len(ms) == 0 && d.Seq {
			for _, v := range root {
				buf = AppendJSON(buf, v)
				if pretty {
					buf = indent(buf)
				}
				buf = append(buf, '\n')
			}
			return write(w, buf)
		}
		if len(ms) == 0 {
			buf = AppendJSON(buf, root)
			break
		}
		buf = append(buf, `{"items":`...)
		buf = AppendJSON(buf, root)
		for _, m := range ms {
			buf = append(buf, ',')
			buf = AppendString(buf, m.key)
			buf = append(buf, ':')
			buf = append(buf, m.val...)
		}
		buf = append(buf, '}')
	default:
		buf = AppendJSON(buf, root)
	}
	if pretty {
		buf = indent(buf)
	}
	return write(w, append(buf, '\n'))
}

func indent(compact []byte) []byte {
	var out bytes.Buffer
	if err := json.Indent(&out, compact, "", "  "); err != nil {
		return compact
	}
	return out.Bytes()
}

func write(w io.Writer, b []byte) error {
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// MaxLine caps one line of llm output, as the report renderer does.
const MaxLine = filters.MaxOutputLine

// WriteLLM writes d as flat text: "key: value" lines for the members of the
// document (nested objects as "key.sub: k=v k=v"), one "- k=v ..." line per
// list item, then what was omitted and the next page.
//
// The characters that reorder text are escaped (filters.Reordering).
func WriteLLM(w io.Writer, d *Doc, h Hints) error {
	ew := &filters.ReorderingWriter{W: w}
	if err := writeLLM(ew, d, h); err != nil {
		return err
	}
	return ew.Flush()
}

func writeLLM(w io.Writer, d *Doc, h Hints) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	t := &textWriter{w: bw, main: d.List}
	t.root(d)
	for _, n := range d.Notes {
		t.line(n)
	}
	t.tail(d, h)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing output: %w", err)
	}
	return nil
}

// root writes the document itself, by the kind of its top value.
func (t *textWriter) root(d *Doc) {
	switch root := d.Root.(type) {
	case *Object:
		if len(root.Keys) == 0 {
			t.line("(empty object)")
		}
		for i, k := range root.Keys {
			t.member(nil, k, root.Vals[i])
		}
	case []any:
		if len(root) == 0 && (d.List == nil || d.List.Total == 0) {
			t.line("(empty list)")
		}
		t.items(root)
	case nil:
		t.line("null")
	case string:
		for _, l := range strings.Split(strings.TrimRight(root, "\n"), "\n") {
			t.line(strings.TrimRight(filters.CleanLine(l), " \t"))
		}
	default:
		t.line(t.scalar(root, false))
	}
}

// tail writes what was omitted (and how to get it back) and where the main
// list's next page is.
func (t *textWriter) tail(d *Doc, h Hints) {
	if len(d.Omitted) > 0 {
		parts := make([]string, len(d.Omitted))
		for i, o := range d.Omitted {
			parts[i] = fmt.Sprintf("%s %s", o.Field, Tokens(o.Tokens, o.Estimated))
		}
		s := "omitted: " + strings.Join(parts, ", ")
		if back := h.back(d); back != "" {
			s += " (back: " + back + ")"
		}
		t.line(s)
	}
	if l := d.List; l != nil && l.HasMore() {
		rest := l.Total - l.Offset - l.Shown
		s := fmt.Sprintf("… %d more %s (shown %d-%d of %d)", rest, plural(rest, "item", "items"), l.Offset+1, l.Offset+l.Shown, l.Total)
		if n := h.next(l); n != "" {
			s += "; next page: " + n
		}
		t.line(s)
	} else if l != nil && l.Offset > 0 && l.Shown == 0 {
		t.line(fmt.Sprintf("no items at offset %d (%d in all)", l.Offset, l.Total))
	}
}

// Tokens formats a token count, marked "~" when it is an estimate.
func Tokens(n int, estimated bool) string {
	if estimated {
		return fmt.Sprintf("~%d tokens", n)
	}
	return fmt.Sprintf("%d tokens", n)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

type textWriter struct {
	w    *bufio.Writer
	main *List
}

func (t *textWriter) line(s string) {
	t.w.WriteString(clip(s))
	t.w.WriteByte('\n')
}

// member writes key (under the path prefix) and its value.
func (t *textWriter) member(prefix []string, key string, v any) {
	// prefix grows and shrinks as a stack: no callee keeps it.
	prefix = append(prefix, key)
	defer func() { prefix = prefix[:len(prefix)-1] }()
	// The name is built only for a line that shows it: a deep chain of
	// objects must not cost its depth squared.
	name := func() string { return strings.Join(prefix, ".") }
	switch val := v.(type) {
	case *Object:
		// The members that fit on a line go on the object's line; the
		// others follow under its name.
		var line []string
		for i, k := range val.Keys {
			if inlineable(val.Vals[i]) {
				line = append(line, k+"="+t.inline(val.Vals[i]))
			}
		}
		if len(line) > 0 {
			t.line(name() + ": " + strings.Join(line, " "))
		}
		for i, k := range val.Keys {
			if !inlineable(val.Vals[i]) {
				t.member(prefix, k, val.Vals[i])
			}
		}
	case []any:
		if scalars(val) {
			parts := make([]string, len(val))
			for i, e := range val {
				parts[i] = t.scalar(e, true)
			}
			t.line(name() + ": " + strings.Join(parts, ", "))
			return
		}
		t.line(name() + ":")
		t.items(val)
	case string:
		if strings.Contains(val, "\n") {
			t.line(name() + ":")
			for _, l := range strings.Split(strings.TrimRight(val, "\n"), "\n") {
				if l = strings.TrimRight(filters.CleanLine(l), " \t"); l != "" {
					l = "  " + l
				}
				t.line(l)
			}
			return
		}
		t.line(name() + ": " + filters.CleanLine(val))
	default:
		t.line(name() + ": " + t.scalar(v, false))
	}
}

func (t *textWriter) items(list []any) {
	for _, it := range list {
		if o, ok := it.(*Object); ok {
			t.line("- " + t.pairs(o))
			continue
		}
		t.line("- " + t.inline(it))
	}
}

// pairs writes an object as k=v k=v on one line.
func (t *textWriter) pairs(o *Object) string {
	var b strings.Builder
	t.writePairs(&b, o)
	return b.String()
}

// inline writes a value inside a line: simple strings bare, others quoted,
// arrays as [a,b], objects as {k=v k=v}.
func (t *textWriter) inline(v any) string {
	var b strings.Builder
	t.writeInline(&b, v)
	return b.String()
}

// writePairs and writeInline build into one builder, so that nesting costs
// its size, not its depth times its size.
func (t *textWriter) writePairs(b *strings.Builder, o *Object) {
	for i, k := range o.Keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(k)
		b.WriteByte('=')
		t.writeInline(b, o.Vals[i])
	}
}

func (t *textWriter) writeInline(b *strings.Builder, v any) {
	switch val := v.(type) {
	case []any:
		b.WriteByte('[')
		for i, e := range val {
			if i > 0 {
				b.WriteByte(',')
			}
			t.writeInline(b, e)
		}
		b.WriteByte(']')
	case *Object:
		b.WriteByte('{')
		t.writePairs(b, val)
		b.WriteByte('}')
	default:
		b.WriteString(t.scalar(v, true))
	}
}

// scalar writes a scalar; strings are quoted when quote is set and they are
// not a plain word.
func (t *textWriter) scalar(v any, quote bool) string {
	switch val := v.(type) {
	case nil:
		return "null"
	case bool:
		return strconv.FormatBool(val)
	case json.Number:
		return string(val)
	case string:
		val = filters.StripANSI(val)
		if quote && !bare(val) {
			return string(AppendString(nil, val))
		}
		return filters.CleanLine(val)
	}
	return string(AppendJSON(nil, v))
}

// bare reports whether s reads unambiguously without quotes inside a line.
func bare(s string) bool {
	if s == "" || s == "null" || s == "true" || s == "false" {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || strings.ContainsRune(`"=,[]{}\`, r) || r == utf8.RuneError {
			return false
		}
	}
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return false // a number-looking string keeps its quotes
	}
	return true
}

// inlineable reports whether v fits in a k=v pair: a scalar, a one-line
// string, an array of such, or an object of such.
func inlineable(v any) bool {
	switch val := v.(type) {
	case *Object:
		for _, e := range val.Vals {
			if _, nested := e.(*Object); nested || !inlineable(e) {
				return false
			}
		}
	case []any:
		return scalars(val)
	case string:
		return !strings.Contains(val, "\n")
	}
	return true
}

func scalars(a []any) bool {
	for _, e := range a {
		switch e.(type) {
		case *Object, []any:
			return false
		}
	}
	return true
}

// clip is the one rule for long and invalid lines in all of terse's output.
func clip(s string) string { return filters.ClipLine(s) }
