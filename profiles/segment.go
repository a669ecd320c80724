package profiles

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/terse-dev/terse/internal/filters"
	"github.com/terse-dev/terse/report"
)

// spoolMem is how much of a text input is held in memory for the second
// pass; the rest goes to a temporary file.
const spoolMem = 8 << 20

// spool keeps a stream for reading again: in memory, then in a temporary
// file.
type spool struct {
	mem  bytes.Buffer
	file *os.File
	size int64
}

func (s *spool) Write(p []byte) (int, error) {
	s.size += int64(len(p))
	if s.file == nil && s.mem.Len()+len(p) <= spoolMem {
		return s.mem.Write(p)
	}
	if s.file == nil {
		f, err := os.CreateTemp("", "terse-input-*")
		if err != nil {
			return 0, fmt.Errorf("spooling input: %w", err)
		}
		s.file = f
		if _, err := f.Write(s.mem.Bytes()); err != nil {
			return 0, fmt.Errorf("spooling input: %w", err)
		}
		s.mem = bytes.Buffer{}
	}
	if _, err := s.file.Write(p); err != nil {
		return 0, fmt.Errorf("spooling input: %w", err)
	}
	return len(p), nil
}

// section reads bytes [from, to) of what was written.
func (s *spool) section(from, to int64) io.Reader {
	if s.file == nil {
		return bytes.NewReader(s.mem.Bytes()[from:to])
	}
	return io.NewSectionReader(s.file, from, to-from)
}

func (s *spool) close() {
	if s.file != nil {
		s.file.Close()
		os.Remove(s.file.Name())
	}
}

// segment is a part of the input one profile claims: bytes [from, to).
type segment struct {
	prof     *Profile
	from, to int64
	// claimed counts the lines the profile's signatures matched; hits the
	// distinct signatures that matched.
	claimed int
	hits    map[int]bool
	sig     signals
	// lastClaim and firstBlank place the cut before the next tool: after
	// the block that holds this tool's last claimed line.
	lastClaim  int64 // the end of the last claimed line
	blankAfter int64 // the start of the first blank line after it (-1: none)
}

// strong reports whether the segment is a tool's run rather than a line of
// one tool's output that looks like another's: its profile's detection
// threshold met, by more than one line.
func (g *segment) strong() bool {
	return g.prof != nil && len(g.hits) >= g.prof.Detect.Min && g.claimed >= 2
}

// claimIndex finds which profiles' detection signatures a line matches
// without trying each: every signature has a gate (the bytes a matching
// line can start and end with), and is filed under the bytes its line's
// first byte other than whitespace can be. A line looks at the few filed
// under its own, turns most away by their gates, then checks the literals
// the signature needs, and only then runs the pattern.
type claimIndex struct {
	all  []*Profile
	sigs []claimSig // by profile, then signature: the order ties go by
	// byNW[c] are the signatures a line whose first byte other than
	// whitespace is c may match; loose those filed under no byte.
	byNW  [256][]int32
	loose []int32
	// cur and curProf cache the index in all of the current segment's
	// profile.
	cur     *Profile
	curProf int
}

// claimSig is signature sig of profile all[prof], with what every line it
// matches holds: its gate, and one of lits (nil: nothing known).
type claimSig struct {
	prof, sig int
	gate      *gate
	lits      []string
}

func newClaimIndex(all []*Profile) *claimIndex {
	x := &claimIndex{all: all, curProf: -1}
	for pi, p := range all {
		for i, pattern := range p.Detect.Text {
			c := claimSig{prof: pi, sig: i, gate: gateOf(pattern)}
			if i < len(p.Detect.Needs) && !slices.Contains(p.Detect.Needs[i], "") {
				c.lits = p.Detect.Needs[i]
			}
			k := int32(len(x.sigs))
			x.sigs = append(x.sigs, c)
			if c.gate.firstNW == nil {
				x.loose = append(x.loose, k)
				continue
			}
			for b, ok := range c.gate.firstNW {
				if ok {
					x.byNW[b] = append(x.byNW[b], k)
				}
			}
		}
	}
	return x
}

// claim returns the profile whose signatures match the line, the current
// segment's first, then in the order of all, and which signature matched.
func (x *claimIndex) claim(l string, cur *Profile) (*Profile, int) {
	if cur != x.cur {
		x.cur, x.curProf = cur, slices.Index(x.all, cur)
	}
	cw := 0
	for cw < len(l) && isWS[l[cw]] {
		cw++
	}
	best := int32(-1)
	if cw < len(l) {
		best = x.try(x.byNW[l[cw]], l, cw, best)
	}
	best = x.try(x.loose, l, cw, best)
	if best < 0 {
		return nil, -1
	}
	c := &x.sigs[best]
	return x.all[c.prof], c.sig
}

// try runs the signatures ks on line l that would win over best, and
// returns the one that wins.
func (x *claimIndex) try(ks []int32, l string, cw int, best int32) int32 {
	for _, k := range ks {
		if !x.better(k, best) {
			continue
		}
		c := &x.sigs[k]
		if !c.gate.pass(l, cw) || c.lits != nil && !containsAny(l, c.lits) {
			continue
		}
		if re, err := x.all[c.prof].signature(c.sig); err == nil && re.MatchString(l) {
			best = k
		}
	}
	return best
}

// better reports whether signature k would win over best (-1: none): the
// current segment's profile first, then the earlier profile, then the
// earlier signature, which is the order of sigs.
func (x *claimIndex) better(k, best int32) bool {
	if best < 0 {
		return true
	}
	pc, bc := x.sigs[k].prof == x.curProf, x.sigs[best].prof == x.curProf
	if pc != bc {
		return pc
	}
	return k < best
}

// scanSegments reads the input once, copying it to sp, and splits it into
// the runs of the tools it holds, with the failure signals of each.
func (s *Set) scanSegments(in io.Reader, sp io.Writer) ([]*segment, error) {
	lr := filters.NewLineReader(io.TeeReader(in, sp))
	idx := newClaimIndex(s.All())
	var segs []*segment
	cur := &segment{hits: map[int]bool{}, blankAfter: -1}
	segs = append(segs, cur)
	var start int64
	for {
		raw, _, err := lr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		l := strings.TrimRight(filters.CleanLine(string(raw)), " \t")
		end := lr.Bytes
		p, sig := idx.claim(l, cur.prof)
		switch {
		case p == nil:
			if l == "" && cur.prof != nil && cur.blankAfter < 0 {
				cur.blankAfter = start
			}
		case cur.prof == nil || p == cur.prof:
			cur.prof = p
			cur.claimed++
			cur.hits[sig] = true
			cur.lastClaim, cur.blankAfter = end, -1
		default:
			cut := start
			if cur.blankAfter >= 0 {
				cut = cur.blankAfter
			}
			cur.to = cut
			next := &segment{prof: p, from: cut, claimed: 1, hits: map[int]bool{sig: true}, lastClaim: end, blankAfter: -1}
			segs = append(segs, next)
			cur = next
		}
		cur.sig.feed(l)
		start = end
	}
	cur.to = lr.Bytes
	return joinWeak(segs), nil
}

// joinWeak folds every segment that is not a tool's run into the one before
// it (or, at the start, the one after), then joins neighbours of one tool.
func joinWeak(segs []*segment) []*segment {
	var out []*segment
	for _, g := range segs {
		if len(out) > 0 && (!g.strong() || g.prof == out[len(out)-1].prof) {
			prev := out[len(out)-1]
			prev.absorb(g)
			continue
		}
		if len(out) == 1 && !out[0].strong() {
			weak := out[0]
			g.from = weak.from
			g.sig.merge(weak.sig)
			out[0] = g
			continue
		}
		out = append(out, g)
	}
	return out
}

func (g *segment) absorb(o *segment) {
	g.to = o.to
	g.sig.merge(o.sig)
	if o.prof == g.prof {
		g.claimed += o.claimed
		for k := range o.hits {
			g.hits[k] = true
		}
	}
}

func (s *signals) merge(o signals) {
	s.n += o.n
	for _, l := range o.lines {
		if len(s.lines) < maxUnexplained {
			s.lines = append(s.lines, l)
		}
	}
}

// shapeStream shapes text whose profile was not forced: it reads the input
// once to find the runs of the tools in it, then shapes each run with its
// own profile and merges the reports; one run is shaped as before, with the
// profile its head is detected as.
//
// Nearly every input is one run, so that shaping starts at once, on a copy
// of the stream, while the scan reads it: a pipe then costs what -p costs
// on two cores. When the scan finds more than one run, that result is
// dropped and each run is shaped from the spool.
func (s *Set) shapeStream(in io.Reader, head []byte, opt Options) (Outcome, error) {
	p := s.DetectText(head)
	if p == nil {
		p, _ = s.Get(Generic)
	}
	sp := &spool{}
	defer sp.close()
	whole := startShaping(p, opt)
	segs, err := s.scanSegments(in, io.MultiWriter(sp, whole.pipe))
	r, shapeErr := whole.finish(err)
	if err != nil {
		return Outcome{}, err
	}
	if len(segs) < 2 {
		if shapeErr != nil {
			return Outcome{}, shapeErr
		}
		if len(segs) == 1 {
			reconcile(r, &segs[0].sig)
		}
		return Outcome{Report: r, Profile: p}, nil
	}
	return s.shapeSegments(segs, sp, opt)
}

// shapeSegments shapes each run from the spool with its own profile and
// merges the reports.
func (s *Set) shapeSegments(segs []*segment, sp *spool, opt Options) (Outcome, error) {
	parts := make([]*report.Report, 0, len(segs))
	seen, shown := 0, 0
	for _, g := range segs {
		o := opt
		o.Window = report.WindowAfter(opt.Window, seen, shown)
		r, err := ShapeText(g.prof, sp.section(g.from, g.to), o)
		if err != nil {
			return Outcome{}, fmt.Errorf("%s part: %w", g.prof.Name, err)
		}
		reconcile(r, &g.sig)
		seen += r.Page.Total
		shown += r.Shown()
		parts = append(parts, r)
	}
	return Outcome{Report: report.Merge(parts, opt.Window), Profile: segs[0].prof}, nil
}
