// Package jsonshape shapes JSON documents for an agent's context: it
// re-emits them compact, drops null and empty values, cuts the main list to a
// page with a pagination envelope, projects or drops fields of list items,
// and counts every field it leaves out with its cost in tokens. It reads its
// input as a stream of tokens, so memory holds the page it keeps and
// counters, not the document.
//
// Values are ordered: objects keep their keys in the order of the input,
// since a tool prints its fields in the order a reader should meet them.
package jsonshape

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/terse-dev/terse/internal/filters"
)

// Object is a JSON object whose keys keep their order.
type Object struct {
	Keys []string
	Vals []any
}

// Get returns the value of key and whether it is present.
func (o *Object) Get(key string) (any, bool) {
	for i, k := range o.Keys {
		if k == key {
			return o.Vals[i], true
		}
	}
	return nil, false
}

// Set replaces the value of key, or appends it.
func (o *Object) Set(key string, v any) {
	for i, k := range o.Keys {
		if k == key {
			o.Vals[i] = v
			return
		}
	}
	o.Keys = append(o.Keys, key)
	o.Vals = append(o.Vals, v)
}

// Delete removes key and returns its value.
func (o *Object) Delete(key string) (any, bool) {
	for i, k := range o.Keys {
		if k == key {
			v := o.Vals[i]
			o.Keys = append(o.Keys[:i:i], o.Keys[i+1:]...)
			o.Vals = append(o.Vals[:i:i], o.Vals[i+1:]...)
			return v, true
		}
	}
	return nil, false
}

// Values are nil, bool, json.Number, string, []any and *Object.

// ReadValue reads the next value from dec (which must use UseNumber) with
// its object keys in order. It consumes tokens, so it works at any point of a
// stream the decoder is walking.
//
// A value nested deeper than MaxDepth (counted from where ReadValue starts)
// is a *DepthError: the recursion stays within MaxDepth levels.
func ReadValue(dec *json.Decoder) (any, error) { return readValue(dec, 0) }

func readValue(dec *json.Decoder, depth int) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	return readFrom(dec, tok, depth)
}

func readFrom(dec *json.Decoder, tok json.Token, depth int) (any, error) {
	switch t := tok.(type) {
	case json.Delim:
		if depth >= MaxDepth {
			return nil, &DepthError{Offset: -1}
		}
		switch t {
		case '{':
			o := &Object{}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, fmt.Errorf("object key is %v, not a string", kt)
				}
				v, err := readValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				o.Keys = append(o.Keys, k)
				o.Vals = append(o.Vals, v)
			}
			if _, err := dec.Token(); err != nil { // '}'
				return nil, err
			}
			return o, nil
		case '[':
			a := []any{}
			for dec.More() {
				v, err := readValue(dec, depth+1)
				if err != nil {
					return nil, err
				}
				a = append(a, v)
			}
			if _, err := dec.Token(); err != nil { // ']'
				return nil, err
			}
			return a, nil
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case float64:
		// Only without UseNumber; keep the shortest form.
		return json.Number(strconv.FormatFloat(t, 'g', -1, 64)), nil
	default:
		return tok, nil
	}
}

// Parse reads one value from data, ordered.
func Parse(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := ReadValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("more than one JSON value")
	}
	return v, nil
}

// Empty reports whether v carries nothing: null, "", [] or {}.
func Empty(v any) bool {
	switch t := v.(type) {
	case nil:
		return true
	case string:
		return t == ""
	case []any:
		return len(t) == 0
	case *Object:
		return len(t.Keys) == 0
	}
	return false
}

// Prune removes null and empty members of objects, at any depth, and
// returns v. A member whose value becomes empty once pruned goes too. Array
// elements stay (their positions mean something), pruned inside.
func Prune(v any) any {
	switch t := v.(type) {
	case *Object:
		n := 0
		for i, k := range t.Keys {
			pv := Prune(t.Vals[i])
			if Empty(pv) {
				continue
			}
			t.Keys[n], t.Vals[n] = k, pv
			n++
		}
		clear(t.Keys[n:])
		clear(t.Vals[n:])
		t.Keys, t.Vals = t.Keys[:n], t.Vals[:n]
	case []any:
		for i := range t {
			t[i] = Prune(t[i])
		}
	}
	return v
}

// AppendJSON appends the compact encoding of v to buf.
func AppendJSON(buf []byte, v any) []byte {
	switch t := v.(type) {
	case nil:
		return append(buf, "null"...)
	case bool:
		return strconv.AppendBool(buf, t)
	case json.Number:
		return append(buf, t...)
	case string:
		return AppendString(buf, t)
	case []any:
		buf = append(buf, '[')
		for i, e := range t {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = AppendJSON(buf, e)
		}
		return append(buf, ']')
	case *Object:
		buf = append(buf, '{')
		for i, k := range t.Keys {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = AppendString(buf, k)
			buf = append(buf, ':')
			buf = AppendJSON(buf, t.Vals[i])
		}
		return append(buf, '}')
	default:
		// Plain values (from a jq program) that were not converted.
		return AppendJSON(buf, FromPlain(v))
	}
}

// Encode returns the compact encoding of v.
func Encode(v any) []byte { return AppendJSON(nil, v) }

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string. Unlike encoding/json it leaves
// <, > and & alone: an agent reads "<" better than "\u003c". Invalid UTF-8
// becomes U+FFFD.
func AppendString(buf []byte, s string) []byte {
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			buf = append(buf, s[start:i]...)
			switch c {
			case '"', '\\':
				buf = append(buf, '\\', c)
			case '\n':
				buf = append(buf, '\\', 'n')
			case '\r':
				buf = append(buf, '\\', 'r')
			case '\t':
				buf = append(buf, '\\', 't')
			default:
				buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			buf = append(buf, s[start:i]...)
			buf = append(buf, `\ufffd`...)
			i += size
			start = i
			continue
		}
		// U+2028 and U+2029 end lines in JavaScript; escape them as
		// encoding/json does. The characters that reorder text (bidi
		// overrides, isolates, marks) are escaped too: an agent reads
		// the JSON as text (filters.Reordering).
		if r == '\u2028' || r == '\u2029' || filters.Reordering(r) {
			buf = append(buf, s[start:i]...)
			buf = append(buf, '\\', 'u', hexDigits[r>>12&0xf], hexDigits[r>>8&0xf], hexDigits[r>>4&0xf], hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	buf = append(buf, s[start:]...)
	return append(buf, '"')
}

// Plain converts an ordered value to the plain form gojq works on
// (map[string]any for objects).
func Plain(v any) any {
	switch t := v.(type) {
	case *Object:
		m := make(map[string]any, len(t.Keys))
		for i, k := range t.Keys {
			m[k] = Plain(t.Vals[i])
		}
		return m
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = Plain(e)
		}
		return out
	}
	return v
}

// FromPlain converts a plain value (as gojq yields) to an ordered one; the
// keys of a map come sorted, as jq prints them.
func FromPlain(v any) any {
	switch t := v.(type) {
	case map[string]any:
		o := &Object{Keys: make([]string, 0, len(t))}
		for k := range t {
			o.Keys = append(o.Keys, k)
		}
		sort.Strings(o.Keys)
		o.Vals = make([]any, len(o.Keys))
		for i, k := range o.Keys {
			o.Vals[i] = FromPlain(t[k])
		}
		return o
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = FromPlain(e)
		}
		return out
	case int:
		return json.Number(strconv.Itoa(t))
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return nil // jq prints NaN as null; infinities have no JSON form
		}
		if t == math.Trunc(t) && math.Abs(t) < 1e17 {
			return json.Number(strconv.FormatFloat(t, 'f', -1, 64))
		}
		return json.Number(strconv.FormatFloat(t, 'g', -1, 64))
	case *big.Int:
		return json.Number(t.String())
	case nil, bool, string, json.Number, *Object:
		return t
	case error:
		return t.Error()
	}
	return fmt.Sprint(v)
}

// IsSequence reports whether data holds a JSON value followed by the start
// of another (JSON lines, or values printed one after the other).
func IsSequence(data []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if dec.Decode(&raw) != nil {
		return false
	}
	rest := bytes.TrimLeft(data[dec.InputOffset():], " \t\r\n")
	return len(rest) > 0 && bytes.IndexByte([]byte(`{["-0123456789`), rest[0]) >= 0
}

// Partial decodes as much of a JSON document as prefix holds into a plain
// value, closing what the prefix leaves open. Detection looks at it when a
// document is too large to hold. Nothing deeper than MaxDepth is decoded.
func Partial(prefix []byte) any {
	dec := json.NewDecoder(bytes.NewReader(prefix))
	dec.UseNumber()
	v, _ := partial(dec, 0)
	return v
}

func partial(dec *json.Decoder, depth int) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if _, ok := tok.(json.Delim); ok && depth >= MaxDepth {
		return nil, &DepthError{Offset: -1}
	}
	switch tok {
	case json.Delim('{'):
		m := map[string]any{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return m, err
			}
			k, _ := kt.(string)
			v, err := partial(dec, depth+1)
			m[k] = v
			if err != nil {
				return m, err
			}
		}
		_, err := dec.Token()
		return m, err
	case json.Delim('['):
		a := []any{}
		for dec.More() {
			v, err := partial(dec, depth+1)
			if err != nil {
				if v != nil {
					a = append(a, v)
				}
				return a, err
			}
			a = append(a, v)
		}
		_, err := dec.Token()
		return a, err
	}
	return tok, nil
}

// Ranks numbers the object keys of a document in the order they first
// appear, globally and per parent key (the key an object, or the array
// holding it, stands under). OrderLike uses them to give a jq program's
// output, whose objects come with sorted keys, the order of the tool's own
// document.
type Ranks struct {
	global map[string]int
	local  map[string]map[string]int
}

// KeyRanks numbers the keys of v (depth first).
func KeyRanks(v any) Ranks {
	r := Ranks{global: map[string]int{}, local: map[string]map[string]int{}}
	var walk func(parent string, v any)
	walk = func(parent string, v any) {
		switch t := v.(type) {
		case *Object:
			loc := r.local[parent]
			if loc == nil {
				loc = map[string]int{}
				r.local[parent] = loc
			}
			for i, k := range t.Keys {
				if _, ok := r.global[k]; !ok {
					r.global[k] = len(r.global)
				}
				if _, ok := loc[k]; !ok {
					loc[k] = len(loc)
				}
				walk(k, t.Vals[i])
			}
		case []any:
			for _, e := range t {
				walk(parent, e)
			}
		}
	}
	walk("", v)
	return r
}

// OrderLike sorts the keys of every object in v like the document the
// ranks come from: by their order under the same parent key when the
// document had them all there, else by their first appearance anywhere;
// keys it never had follow, in the order they were.
func OrderLike(v any, r Ranks) { orderLike("", v, r) }

func orderLike(parent string, v any, r Ranks) {
	switch t := v.(type) {
	case *Object:
		ranks := r.local[parent]
		for _, k := range t.Keys {
			if _, ok := ranks[k]; !ok {
				ranks = r.global
				break
			}
		}
		rank := func(k string) int {
			if n, ok := ranks[k]; ok {
				return n
			}
			return len(ranks)
		}
		idx := make([]int, len(t.Keys))
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return rank(t.Keys[idx[a]]) < rank(t.Keys[idx[b]]) })
		keys := make([]string, len(t.Keys))
		vals := make([]any, len(t.Vals))
		for i, j := range idx {
			keys[i], vals[i] = t.Keys[j], t.Vals[j]
			orderLike(keys[i], vals[i], r)
		}
		t.Keys, t.Vals = keys, vals
	case []any:
		for _, e := range t {
			orderLike(parent, e, r)
		}
	}
}
