package profiles

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// shapeStream shapes text whose profile was not forced: it reads the input
// once to find the runs of the tools in it, then shapes each run with its
// own profile and merges the reports; one run is shaped as before, with the
// profile its head is detected as.
//
// Nearly every input is one run, so that shaping starts at once, on the
// lines the scan cleaned (or a copy of the bytes, for a parser that reads
// bytes), while the scan reads them. When the scan finds more than one
// run, that result is dropped and each run is shaped from a copy of the
// input: again, the input's own, when it keeps one, else a spool.
//
// idx is the claim index being built already (nil: shapeStream starts it).
func (s *Set) shapeStream(in io.Reader, head []byte, again Rereader, opt Options, idx *indexAhead) (Outcome, error) {
	if idx == nil {
		idx = buildIndexAhead(s.All(), s.plain)
	}
	detected := s.DetectText(head)
	p := detected
	if p == nil {
		p, _ = s.Get(Generic)
	}
	var copies []io.Writer
	if again == nil {
		sp := &spool{}
		defer sp.close()
		copies, again = append(copies, sp), sp
	}
	var segs []*segment
	var r *report.Report
	var err, shapeErr error
	// One run is shaped as the scan reads; several are shaped again, a
	// run at a time, with opt.
	one, all := opt.forText(p)
	// Once the report shaped beside the scan is sure to fail, it accounts
	// for every failure signal, and the scan stops looking for them
	// (scanReader.red). A linter's is sure at its first problem of a class
	// that fails the run (lintSink.add), as with -p; should its summary
	// then say the run passed, the part the scan did not look at is
	// shaped again watching for signals (settleOne, shapePart). Its claims
	// looked for signals on every line of a run before, a cost on every
	// line of a long build log.
	one.red = new(atomic.Bool)
	switch {
	case !s.plain.rideScan && !p.plain.ruleAhead && p.Text.Parser == "":
		ride := newScanRide(idx.index(), detected, one.red)
		one.ride = ride
		r, shapeErr = ShapeText(p, teeTo(in, copies), one)
		segs, err = ride.segments(shapeErr)
	case !s.plain.feedLines && fedParsers[p.Text.Parser]:
		feed := filters.NewLineFeed(scanDepth)
		whole := startShapingFed(p, feed, one)
		segs, err = s.scanFed(teeTo(in, copies), feed, fedLinesOf(p.Text.Parser), detected, true, idx, one.red)
		r, shapeErr = whole.finish(nil)
	default:
		whole := startShaping(p, one)
		segs, err = s.scanFed(teeTo(in, append(copies, whole.pipe)), nil, fedOwn, detected, true, idx, one.red)
		r, shapeErr = whole.finish(err)
	}
	every := one.everyOf()
	if detected == nil && err == nil {
		segs = s.splitLead(segs, again)
	}
	if err != nil || len(segs) >= 2 || shapeErr != nil {
		// Each run is shaped again on its own: the list of the whole
		// stream as one run is not its list.
		every.Close()
	}
	if err != nil {
		return Outcome{}, err
	}
	if len(segs) < 2 {
		if shapeErr != nil {
			return Outcome{}, shapeErr
		}
		out := Outcome{Report: r, Profile: p, Whole: all, All: every}
		if len(segs) == 1 {
			return settleOne(out, segs[0], again, opt, one.red.Load())
		}
		return out, nil
	}
	return s.shapeSegments(segs, again, opt)
}

// splitLead gives the lines before the first tool's run a part of their
// own, which the generic cleaner shapes, when no profile claimed the
// stream's head: a build's log longer than DetectHeadSize before its
// tests. The stream was shaped by the generic cleaner as the scan read
// it, and the tool's run later in it went without its profile: its
// failures unparsed, no status saying it failed. Shaping all of it by the
// tool's profile reads the log as the tool's (go build -x's "# import
// config" lines as go test's package headers, each a failure). The log's
// part comes after the runs', so that the page of failures goes to them
// first; it is kept whatever it holds (a Java exception is no failure
// signal, and would be lost).
//
// It is split off only where the run fails and the lead shows no failure
// signal, looked for on every line: the split never makes a stream PASS.
// The run fails when it shows a failure signal, or, where it shows none
// (a linter's problems, a compiler's errors, which no shared form
// names), when its profile says so: runFails shapes the run's part to see.
// A passing run after a log that holds a crash the signals do not know (a
// Java exception) would PASS with the crash shown below it, and a lead's
// panic would go unexplained; such a stream stays the generic cleaner's,
// which says no status, as before.
//
// The run starts at its first claimed line, or above it at a failure's
// first line of its profile's that no signature claims (runHeader).
func (s *Set) splitLead(segs []*segment, again Rereader) []*segment {
	if len(segs) == 0 {
		return segs
	}
	g := segs[0]
	if g.lead <= g.from || !g.strong() || g.unsignalled {
		return segs
	}
	start, moved := runHeader(g, again)
	if g.leadN > moved {
		return segs
	}
	g.lead = start
	if g.sig.n == 0 && !runFails(g, again) {
		return segs
	}
	gen, ok := s.Get(Generic)
	if !ok {
		return segs
	}
	lead := &segment{prof: gen, from: g.from, to: g.lead, hits: map[int]bool{}, blankAfter: -1}
	g.from, g.lead = g.lead, 0
	return append(segs, lead)
}

// runHeader is where segment g's run starts, and how many failure signals
// lie between there and its first claimed line (g.lead): at the nearest of
// the leadBack lines above that line, with no blank line between, that its
// profile reads as a failure's first line, else at g.lead. rustc's
// "warning: hidden lifetime parameters in types are deprecated" is no
// cargo-build signature, only the "--> src/lib.rs:20:29" under it is:
// behind a log, the warning's first line stayed among the log's lines and
// the run counted one problem fewer, with no message for its place.
func runHeader(g *segment, again Rereader) (int64, int) {
	if g.prof == nil || g.prof.patterns() != nil || len(g.prof.starts) == 0 {
		return g.lead, 0
	}
	from := max(g.from, g.lead-headerLook)
	in, err := again.Reread(from, g.lead)
	if err != nil {
		return g.lead, 0
	}
	above, err := io.ReadAll(in)
	if err != nil || len(above) == 0 || above[len(above)-1] != '\n' {
		return g.lead, 0
	}
	start, moved := g.lead, 0
	end := len(above) - 1 // the newline that ends the line above
	signals := 0
	for range leadBack {
		i := bytes.LastIndexByte(above[:end], '\n')
		if i < 0 && from > g.from {
			break // the line starts before what was read
		}
		line := strings.TrimRight(filters.CleanLine(string(above[i+1:end])), "\r")
		if strings.TrimSpace(line) == "" {
			break
		}
		if failureSignal(line) {
			signals++
		}
		if g.prof.startsFailure(line) {
			// Never the whole lead: a lead left empty is no part.
			if at := from + int64(i+1); at > g.from {
				start, moved = at, signals
			}
			break
		}
		if i < 0 {
			break
		}
		end = i
	}
	return start, moved
}

// runFails reports whether segment g's run, from its lead on, fails by
// its profile's report, shaped from again. Only a stream whose head no
// profile claims, a run behind a long log, is shaped twice so.
func runFails(g *segment, again Rereader) bool {
	in, err := again.Reread(g.lead, g.to)
	if err != nil {
		return false
	}
	r, err := ShapeText(g.prof, in, Options{})
	if err != nil {
		return false
	}
	defer r.Close()
	return r.Status == report.StatusFail
}

// settleOne is out, the outcome of a stream that is one tool's run, g,
// reconciled with the failure signals the scan found in it. An
// unsignalled run's report was sure to fail, and the signals it lacks
// change nothing; should it pass all the same (a parser whose status does
// not follow from what made it sure to fail), the run is shaped again,
// looking for them as it goes: no report passes with a failure signal
// that nobody looked for.
//
// red says the report was sure to fail as it was shaped (a linter's
// problem of a failing class): one that passes all the same, by the tool's
// own summary, is not left saying PASS either (shapeTextWatched).
func settleOne(out Outcome, g *segment, again Rereader, opt Options, red bool) (Outcome, error) {
	if !g.unsignalled || !reconcilable(out.Report) {
		reconcile(out.Report, &g.sig)
		if red && reconcilable(out.Report) {
			markUnexplained(out.Report, 1, []string{redThenPassed})
		}
		return out, nil
	}
	out.Report.Close()
	out.All.Close()
	in, err := again.Reread(g.from, g.to)
	if err != nil {
		return Outcome{}, fmt.Errorf("%s: %w", out.Profile.Name, err)
	}
	r, err := shapeTextWatched(out.Profile, in, opt, &signals{whole: true})
	if err != nil {
		return Outcome{}, fmt.Errorf("%s: %w", out.Profile.Name, err)
	}
	return Outcome{Report: r, Profile: out.Profile}, nil
}

// shapePart shapes segment g's part of the input with its profile, and
// reconciles it with the failure signals the scan found in it; a part the
// scan did not look at whole (unsignalled) looks for them as it is shaped,
// as a profile that is named does (shapeTextWatched).
func shapePart(g *segment, part io.Reader, o Options) (*report.Report, error) {
	if g.unsignalled {
		return shapeTextWatched(g.prof, part, o, &signals{whole: true})
	}
	r, err := ShapeText(g.prof, part, o)
	if err != nil {
		return nil, err
	}
	reconcile(r, &g.sig)
	return r, nil
}

// teeTo is in, copied to each of ws as it is read.
func teeTo(in io.Reader, ws []io.Writer) io.Reader {
	switch len(ws) {
	case 0:
		return in
	case 1:
		return io.TeeReader(in, ws[0])
	}
	return io.TeeReader(in, io.MultiWriter(ws...))
}

// shapeSegments shapes each run from the spool with its own profile and
// merges the reports. A part that holds only a build's warnings goes after
// the parts that failed (cargo test's 29 rustc warnings filled page 1, its
// failing tests came on page 2): the page's failures of tests and errors
// come first, whatever order the stream had; the parts are shaped again in
// that order, as the page is one window across them.
func (s *Set) shapeSegments(segs []*segment, again Rereader, opt Options) (Outcome, error) {
	parts, err := shapeSegmentsInOrder(segs, again, opt)
	if err != nil {
		return Outcome{}, err
	}
	if order, moved := warningsLast(parts); moved {
		inOrder := make([]*segment, len(segs))
		for i, j := range order {
			inOrder[i] = segs[j]
		}
		segs = inOrder
		if parts, err = shapeSegmentsInOrder(segs, again, opt); err != nil {
			return Outcome{}, err
		}
	}
	return Outcome{Report: report.Merge(parts, opt.Window), Profile: segs[0].prof}, nil
}

// warningsLast is the order of parts with those that hold only warnings (a
// linter's or compiler's part that passed, its problems shown) after the
// others, and whether it moved one ahead of a part that failed.
func warningsLast(parts []*report.Report) (order []int, moved bool) {
	var warned []int
	for i, r := range parts {
		if r.Lint != nil && r.Status == report.StatusPass && r.Page.Total > 0 {
			warned = append(warned, i)
			continue
		}
		if len(warned) > 0 && r.Status == report.StatusFail {
			moved = true
		}
		order = append(order, i)
	}
	return append(order, warned...), moved
}

// shapeSegmentsInOrder shapes each run from the spool with its own profile,
// in the order of segs, each part's window after the failures of the parts
// before it.
func shapeSegmentsInOrder(segs []*segment, again Rereader, opt Options) ([]*report.Report, error) {
	parts := make([]*report.Report, 0, len(segs))
	seen, shown := 0, 0
	for _, g := range segs {
		o := opt
		o.Window = report.WindowAfter(opt.Window, seen, shown)
		part, err := again.Reread(g.from, g.to)
		if err != nil {
			return nil, fmt.Errorf("%s part: %w", g.prof.Name, err)
		}
		// Re-entry into shape.go, on purpose: each run is shaped
		// again on its own, with its own profile, once the scan has
		// found where it ends.
		r, err := shapePart(g, part, o)
		if err != nil {
			return nil, fmt.Errorf("%s part: %w", g.prof.Name, err)
		}
		seen += r.Page.Total
		shown += r.Shown()
		parts = append(parts, r)
	}
	return parts, nil
}

func (s *Set) shapeText(in io.Reader, head []byte, p *Profile, opt Options) (Outcome, error) {
	if p == nil {
		return s.shapeStream(in, head, nil, opt, nil)
	}
	o, whole := opt.forText(p)
	var sig signals
	r, err := shapeTextWatched(p, in, o, &sig)
	all := o.everyOf()
	if err != nil {
		all.Close()
		return Outcome{}, err
	}
	return Outcome{Report: r, Profile: p, Whole: whole, All: all}, nil
}

// jsonProblem says in one line what is wrong with JSON-looking input.
func jsonProblem(err error, data []byte) error {
	var syn *json.SyntaxError
	size := len(data)
	end := int64(len(bytes.TrimRight(data, " \t\r\n")))
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF), errors.As(err, &syn) && syn.Offset > end:
		return fmt.Errorf("input looks like JSON but is truncated: it ends inside a value after %d bytes; passed through unchanged", size)
	case errors.As(err, &syn):
		return fmt.Errorf("input looks like JSON but is not valid at byte %d of %d (%w); passed through unchanged", syn.Offset, size, err)
	default:
		return fmt.Errorf("input looks like JSON but is not valid (%w); passed through unchanged", err)
	}
}
