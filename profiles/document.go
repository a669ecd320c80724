package profiles

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/itchyny/gojq"

	"github.com/terse-dev/terse/internal/envflag"
	"github.com/terse-dev/terse/internal/jsonshape"
)

// GenericJSON is the name of the profile for JSON no other profile claims.
const GenericJSON = "json"

// DefaultDocLimit is the page size of a document's main list when a profile
// sets none: the CLEO seed's default for lists (50 compact items cost about
// 2,500 tokens).
const DefaultDocLimit = 50

// MemJSON is how much JSON input is read into memory before terse decides
// how to shape it. Smaller inputs (nearly all tool output) are shaped with
// full knowledge: detection and jq programs see the whole document. Larger
// ones are streamed by the generic shaper, unless a profile or --jq needs the
// whole document.
const MemJSON = 4 << 20

// needsWhole reports whether shaping with s runs a jq program, which needs
// the whole document.
func (s *DocShape) needsWhole(opt Options) bool {
	if opt.Verbose || opt.Doc.Verbose {
		return s.VerboseProgram != ""
	}
	return s.Program != ""
}

// match returns the first shape whose When holds for the plain document.
// A profile whose jq does not compile matches nothing (Set.Shape reports
// the error when the profile is asked for by name). A When that goes over
// its budget (see runJQ) ends the search: match returns its shape and the
// error.
func (d *Document) match(doc any) (*DocShape, error) {
	if d.compiled() != nil {
		return nil, nil
	}
	for i := range d.Shapes {
		s := &d.Shapes[i]
		if s.when == nil {
			continue
		}
		v, err := firstJQ(s.when, doc)
		if err != nil && IsJQBudget(err) {
			return s, err
		}
		if err == nil && v == true {
			return s, nil
		}
	}
	return nil, nil
}

// HasDocument reports whether the profile shapes JSON documents.
func (p *Profile) HasDocument() bool { return p.Document != nil }

// docPlan is everything that decides how one document is shaped.
type docPlan struct {
	prof  *Profile
	shape *DocShape
	opt   jsonshape.Options
	prog  *gojq.Code
}

func (s *Set) plan(p *Profile, shape *DocShape, opt Options) docPlan {
	d := p.Document
	opt.Verbose = opt.Verbose || opt.Doc.Verbose
	limit := d.Limit
	if limit == 0 {
		limit = DefaultDocLimit
	}
	pl := docPlan{prof: p, shape: shape}
	jo := jsonshape.Options{
		Window:        opt.Window,
		Fields:        opt.Doc.Fields,
		Verbose:       opt.Verbose,
		VerboseFields: d.VerboseFields,
		NoiseFields:   d.NoiseFields,
	}
	if shape != nil {
		if shape.Limit > 0 {
			limit = shape.Limit
		}
		if shape.CompactLimit > 0 && !opt.Verbose && (opt.Doc.Compact || envSet(opt.Doc.Getenv, d.CompactEnv)) {
			limit = shape.CompactLimit
		}
		jo.VerboseFields = append(append([]string(nil), d.VerboseFields...), shape.VerboseFields...)
		jo.NoiseFields = append(append([]string(nil), d.NoiseFields...), shape.NoiseFields...)
		if shape.List != "" {
			jo.List = strings.Split(shape.List, ".")
		}
		pl.prog = shape.program
		if opt.Verbose {
			pl.prog = shape.verboseProgram
		}
	}
	if !opt.Doc.LimitSet {
		jo.Window.Limit = limit
	}
	pl.opt = jo
	return pl
}

func envSet(getenv func(string) string, names []string) bool {
	if getenv == nil {
		return false
	}
	for _, n := range names {
		if envflag.On(getenv(n)) {
			return true
		}
	}
	return false
}

// shapeDocument shapes one decoded document (plain, as jq sees it) with
// document profile p. raw is the document's text when no program changed it:
// shaping it keeps the tool's key order.
func (s *Set) shapeDocument(p *Profile, doc any, raw []byte, opt Options) (Outcome, error) {
	if err := p.Document.compiled(); err != nil {
		return Outcome{}, fmt.Errorf("profile %s: %w", p.Name, err)
	}
	var shape *DocShape
	if doc != nil {
		var err error
		if shape, err = p.Document.match(doc); err != nil {
			return s.plainDocument(raw, opt, fmt.Sprintf("profile %s (shape %s) could not tell this document (jq when: %v); shaped as plain JSON", p.Name, shape.Name, err))
		}
	}
	pl := s.plan(p, shape, opt)
	var named []jsonshape.Omission
	if pl.prog != nil {
		outs, err := runJQ(pl.prog, doc, 2)
		switch {
		case err != nil:
		case len(outs) == 0:
			err = errors.New("it gave no value, want 1")
		case len(outs) > 1:
			err = errors.New("it gave several values, want 1")
		}
		if err != nil {
			// The document has the shape's keys but not what its program
			// expects of them, or the program went over its budget: shape
			// it generically, never not at all.
			return s.plainDocument(raw, opt, fmt.Sprintf("profile %s (shape %s) could not shape this document (jq: %v); shaped as plain JSON", p.Name, shape.Name, err))
		}
		outs[0] = jsonshape.FromPlain(outs[0])
		named = takeOmit(outs[0])
		if ordered, err := jsonshape.Parse(raw); err == nil {
			jsonshape.OrderLike(outs[0], jsonshape.KeyRanks(ordered))
		}
		raw = jsonshape.Encode(outs[0])
	}
	d, err := jsonshape.Shape(bytes.NewReader(raw), pl.opt)
	if err != nil {
		return Outcome{}, fmt.Errorf("profile %s: %w", p.Name, err)
	}
	d.Omitted = append(named, d.Omitted...)
	out := Outcome{Doc: d, Profile: p, JSONIn: true}
	if shape != nil {
		out.Shape = shape.Name
	}
	return out, nil
}

// plainDocument shapes a document with the generic JSON profile, with a
// note that says why.
func (s *Set) plainDocument(raw []byte, opt Options, note string) (Outcome, error) {
	g, _ := s.Get(GenericJSON)
	out, err := s.shapeDocument(g, nil, raw, opt)
	if err == nil {
		out.Doc.Notes = append(out.Doc.Notes, note)
	}
	return out, err
}

// withNotes adds notes to what shaping produced.
func withNotes(out Outcome, notes []string) Outcome {
	switch {
	case len(notes) == 0:
	case out.Doc != nil:
		out.Doc.Notes = append(out.Doc.Notes, notes...)
	case out.Report != nil:
		out.Report.Notes = append(out.Report.Notes, notes...)
	}
	return out
}

// takeOmit removes the "_omit" member a program names its omissions in and
// returns their costs.
func takeOmit(v any) []jsonshape.Omission {
	o, ok := v.(*jsonshape.Object)
	if !ok {
		return nil
	}
	om, ok := o.Delete("_omit")
	if !ok {
		return nil
	}
	names, ok := om.(*jsonshape.Object)
	if !ok {
		return nil
	}
	var out []jsonshape.Omission
	for i, k := range names.Keys {
		if n := jsonshape.MemberCost(k, names.Vals[i]); n > 0 {
			out = append(out, jsonshape.Omission{Field: k, Tokens: n, Back: "verbose"})
		}
	}
	return out
}

// shapeJSON shapes input that starts like JSON: a document, or a sequence of
// values (JSON lines). Inputs up to MemJSON are read whole; larger ones are
// streamed by the generic shaper, so memory holds the page and counters.
func (s *Set) shapeJSON(br *bufio.Reader, forced *Profile, opt Options) (Outcome, error) {
	buf, err := readUpTo(br, MemJSON+1)
	if err != nil {
		return Outcome{}, err
	}
	if len(buf) <= MemJSON {
		return s.shapeJSONBytes(buf, forced, opt)
	}
	buf = trimBOM(buf)
	head := buf[:DetectHeadSize]
	seq := jsonshape.IsSequence(head)
	if seq && forced == nil && opt.Doc.JQ == nil {
		if p := s.DetectText(head); p != nil {
			return s.shapeText(io.MultiReader(bytes.NewReader(buf), br), head, p, opt)
		}
	}
	c := s.chooseLarge(head, seq, forced, opt)
	if c.whole {
		rest, err := io.ReadAll(br)
		if err != nil {
			return Outcome{}, fmt.Errorf("reading input: %w", err)
		}
		out, err := s.shapeJSONBytes(append(buf, rest...), forced, opt)
		return withNotes(out, c.notes), err
	}
	return s.streamJSON(io.MultiReader(bytes.NewReader(buf), br), c, opt), nil
}

// readUpTo reads r until EOF or limit bytes, growing the buffer as it fills:
// the caller learns from the length whether the input fits in memory.
func readUpTo(r io.Reader, limit int64) ([]byte, error) {
	buf := make([]byte, 0, 64<<10)
	lr := io.LimitReader(r, limit)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return nil, fmt.Errorf("reading input: %w", err)
		}
	}
}

// largeChoice is how a document larger than MemJSON is shaped: by a profile
// and document shape detected from its head, streamed, unless something
// needs the whole document in memory.
type largeChoice struct {
	p     *Profile
	shape *DocShape
	notes []string
	whole bool
}

// chooseLarge picks the profile of a large JSON input from its head. What is
// streamed is shaped by data alone: page, fields, noise. A jq program (--jq,
// a report profile's, a document shape's) needs the whole document in
// memory, and so does a forced profile, whose shape is known only from the
// whole document.
func (s *Set) chooseLarge(head []byte, seq bool, forced *Profile, opt Options) largeChoice {
	c := largeChoice{p: forced, whole: opt.Doc.JQ != nil}
	if c.p == nil && !seq && !c.whole {
		partial := jsonshape.Partial(head)
		if c.p, c.notes = s.detectJSON(partial); c.p != nil && c.p.HasDocument() {
			if sh, err := c.p.Document.match(partial); err != nil {
				c.notes = append(c.notes, budgetNote(c.p, "document shape "+sh.Name+" when", err, notUsed))
				c.p = nil
			} else {
				c.shape = sh
			}
		}
	}
	p := c.p
	if p != nil && (p.HasJSON() || !p.HasDocument() || (c.shape != nil && c.shape.needsWhole(opt))) {
		c.whole = true
	}
	if p != nil && p.HasDocument() && p.Name != GenericJSON && c.shape == nil && forced != nil {
		c.whole = true
	}
	return c
}

// streamJSON shapes a large document as it reads it, with the chosen
// profile or else the generic JSON one. Invalid input cannot be handed back
// from here (the reader consumed it): the outcome asks the caller to replay
// its own copy unchanged.
func (s *Set) streamJSON(r io.Reader, c largeChoice, opt Options) Outcome {
	p := c.p
	if p == nil {
		p, _ = s.Get(GenericJSON)
	}
	pl := s.plan(p, c.shape, opt)
	d, err := jsonshape.Shape(r, pl.opt)
	if err != nil {
		return Outcome{JSONIn: true, Replay: true,
			Invalid: fmt.Errorf("%w; passed through unchanged", err)}
	}
	d.Notes = append(d.Notes, c.notes...)
	out := Outcome{Doc: d, Profile: p, JSONIn: true}
	if c.shape != nil {
		out.Shape = c.shape.Name
	}
	return out
}

// trimBOM drops a UTF-8 byte-order mark, and the whitespace before it,
// which JSON decoders refuse.
func trimBOM(b []byte) []byte {
	if t := bytes.TrimLeft(b, " \t\r\n"); bytes.HasPrefix(t, []byte("\ufeff")) {
		return t[3:]
	}
	return b
}

// shapeJSONBytes shapes JSON input held in memory.
func (s *Set) shapeJSONBytes(input []byte, forced *Profile, opt Options) (Outcome, error) {
	// input goes out unchanged if it is not valid; data is what decoders see.
	data := trimBOM(input)
	head := data[:min(len(data), DetectHeadSize)]
	if jsonshape.IsSequence(data) {
		return s.shapeSequence(data, head, forced, opt)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc any
	if derr := dec.Decode(&doc); derr != nil {
		return Outcome{JSONIn: true, Passthrough: input, Invalid: jsonProblem(derr, input)}, nil
	}
	if _, terr := dec.Token(); !errors.Is(terr, io.EOF) {
		// Text after the JSON document.
		return s.shapeText(bytes.NewReader(data), head, forced, opt)
	}
	raw := data
	if opt.Doc.JQ != nil {
		outs, err := jsonshape.RunJQ(opt.Doc.JQ, jsonshape.FromPlain(doc))
		if err != nil {
			return Outcome{}, &JQRunError{Err: err}
		}
		if ordered, err := jsonshape.Parse(data); err == nil {
			ranks := jsonshape.KeyRanks(ordered)
			for _, o := range outs {
				jsonshape.OrderLike(o, ranks)
			}
		}
		if len(outs) != 1 {
			return s.shapeValues(outs, forced, opt)
		}
		doc = jsonshape.Plain(outs[0])
		raw = jsonshape.Encode(outs[0])
	}
	p := forced
	var notes []string
	if p == nil {
		p, notes = s.detectJSON(doc)
	}
	if p != nil && p.HasJSON() {
		r, err := ShapeJSON(p, doc, opt)
		if IsJQBudget(err) {
			out, err := s.plainDocument(raw, opt, budgetNote(p, "json.program", err, "shaped as plain JSON"))
			return withNotes(out, notes), err
		}
		if err != nil {
			return Outcome{}, err
		}
		return withNotes(Outcome{Report: r, Profile: p, JSONIn: true}, notes), nil
	}
	if p == nil || !p.HasDocument() {
		p, _ = s.Get(GenericJSON)
	}
	out, err := s.shapeDocument(p, doc, raw, opt)
	return withNotes(out, notes), err
}

// shapeEvents shapes a sequence of JSON values that a profile's JSON form
// reads as one report (mocha's json-stream reporter: an event a line): its
// detect.json and program see the values as one array, as jq --slurp gives
// them. ok is false when no profile's detect.json claims the array (or
// another than forced does, or a budget stopped it): the caller goes on.
// The first value alone, as an array, is asked first: JSON lines no
// profile reads (a log) are not all decoded twice.
func (s *Set) shapeEvents(data []byte, forced *Profile, opt Options) (out Outcome, ok bool, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var first any
	if dec.Decode(&first) != nil {
		return Outcome{}, false, nil
	}
	if p, _ := s.detectJSON([]any{first}); p == nil || !p.HasJSON() {
		return Outcome{}, false, nil
	}
	vals := []any{first}
	for {
		var v any
		if err := dec.Decode(&v); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return Outcome{}, false, nil
		}
		vals = append(vals, v)
	}
	p, notes := s.detectJSON(vals)
	if p == nil || !p.HasJSON() || forced != nil && p != forced {
		return Outcome{}, false, nil
	}
	r, err := ShapeJSON(p, vals, opt)
	if IsJQBudget(err) {
		return Outcome{}, false, nil
	}
	if err != nil {
		return Outcome{}, false, err
	}
	return withNotes(Outcome{Report: r, Profile: p, JSONIn: true}, notes), true, nil
}

// shapeSequence shapes several JSON values in a row (JSON lines) held in
// memory: as one list, unless a text profile claims them (a test runner's
// event stream) or they turn out not to be all JSON (the text path then).
func (s *Set) shapeSequence(data, head []byte, forced *Profile, opt Options) (Outcome, error) {
	if forced == nil && opt.Doc.JQ == nil {
		if p := s.DetectText(head); p != nil {
			return s.shapeText(bytes.NewReader(data), head, p, opt)
		}
	}
	if opt.Doc.JQ == nil {
		if out, ok, err := s.shapeEvents(data, forced, opt); ok || err != nil {
			return out, err
		}
	}
	if forced != nil && !forced.HasDocument() {
		return s.shapeText(bytes.NewReader(data), head, forced, opt)
	}
	if opt.Doc.JQ != nil {
		// jq runs on each value, as jq does on a stream of inputs.
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var outs []any
		for {
			v, err := jsonshape.ReadValue(dec)
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return s.shapeText(bytes.NewReader(data), head, nil, opt)
			}
			o, err := jsonshape.RunJQ(opt.Doc.JQ, v)
			if err != nil {
				return Outcome{}, &JQRunError{Err: err}
			}
			outs = append(outs, o...)
		}
		return s.shapeValues(outs, forced, opt)
	}
	p := forced
	if p == nil {
		p, _ = s.Get(GenericJSON)
	}
	pl := s.plan(p, nil, opt)
	d, err := jsonshape.Shape(bytes.NewReader(data), pl.opt)
	if err != nil {
		// Not all JSON: log lines between JSON values, say.
		return s.shapeText(bytes.NewReader(data), head, nil, opt)
	}
	return Outcome{Doc: d, Profile: p, JSONIn: true}, nil
}

// shapeValues shapes the values a --jq program gave (none, or several) as a
// sequence.
func (s *Set) shapeValues(vals []any, forced *Profile, opt Options) (Outcome, error) {
	p := forced
	if p == nil || !p.HasDocument() {
		p, _ = s.Get(GenericJSON)
	}
	pl := s.plan(p, nil, opt)
	if len(vals) == 0 {
		return Outcome{Doc: &jsonshape.Doc{Root: []any{}, Seq: true,
			Notes: []string{"--jq gave no value"}}, Profile: p, JSONIn: true}, nil
	}
	var buf []byte
	for _, v := range vals {
		buf = jsonshape.AppendJSON(buf, v)
		buf = append(buf, '\n')
	}
	if len(vals) == 1 {
		return s.shapeDocument(p, nil, buf, opt)
	}
	d, err := jsonshape.Shape(bytes.NewReader(buf), pl.opt)
	if err != nil {
		return Outcome{}, fmt.Errorf("shaping --jq output: %w", err)
	}
	return Outcome{Doc: d, Profile: p, JSONIn: true}, nil
}

// JQRunError is a --jq program that failed on the input.
type JQRunError struct{ Err error }

func (e *JQRunError) Error() string { return "--jq: " + e.Err.Error() }
func (e *JQRunError) Unwrap() error { return e.Err }

// detectJSON picks the profile whose JSON test accepts the decoded document,
// with a note for each profile whose jq went over its budget on doc: such a
// profile does not claim it.
func (s *Set) detectJSON(doc any) (*Profile, []string) {
	var notes []string
	for _, p := range s.All() {
		if p.programs() != nil {
			continue
		}
		if p.jsonDetect == nil {
			// A document profile is detected by its commands' shapes.
			if p.Document == nil {
				continue
			}
			shape, err := p.Document.match(doc)
			if err != nil {
				notes = append(notes, budgetNote(p, "document shape "+shape.Name+" when", err, notUsed))
				continue
			}
			if shape != nil {
				return p, notes
			}
			continue
		}
		v, err := firstJQ(p.jsonDetect, doc)
		if err != nil && IsJQBudget(err) {
			notes = append(notes, budgetNote(p, "detect.json", err, notUsed))
			continue
		}
		if err == nil && v == true {
			return p, notes
		}
	}
	return nil, notes
}

// budgetNote is the note that says a profile's jq program (what) went over
// its budget, and what was done instead.
func budgetNote(p *Profile, what string, err error, instead string) string {
	var b *jqBudgetError
	if errors.As(err, &b) {
		err = b
	}
	return fmt.Sprintf("profile %s: its jq %s was %v; %s", p.Name, what, err, instead)
}

// notUsed says a profile was left out of detection.
const notUsed = "the profile is not used for this input"
