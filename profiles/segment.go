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

// claimIndex finds which profiles' detection signatures a line may match
// without trying each: every literal a signature needs is filed under its
// rarest byte, so a line looks only at the literals filed under the bytes
// it has (a few dozen), not at all of them. Signatures that need no literal
// are tried on every line.
type claimIndex struct {
	all    []*Profile
	byByte [256][]claimLit
	always []claimLit // signatures without a literal
	// tried[id] is the line on which signature id was last tried: each is
	// tried once a line, however many of its literals the line holds.
	tried []int
	line  int
}

// claimLit is one literal of signature sig of profile all[prof]; id numbers
// the signature among all the profiles'.
type claimLit struct {
	prof, sig, id int
	lit           string
}

func newClaimIndex(all []*Profile) *claimIndex {
	x := &claimIndex{all: all}
	id := 0
	for pi, p := range all {
		for i := range p.Detect.Text {
			id++
			x.tried = append(x.tried, 0)
			var alts []string
			if i < len(p.Detect.Needs) {
				alts = p.Detect.Needs[i]
			}
			if len(alts) == 0 || slices.Contains(alts, "") {
				x.always = append(x.always, claimLit{prof: pi, sig: i, id: id - 1})
				continue
			}
			for _, a := range alts {
				c := rarestByte(a)
				x.byByte[c] = append(x.byByte[c], claimLit{prof: pi, sig: i, id: id - 1, lit: a})
			}
		}
	}
	return x
}

// rarestByte is the byte of s least likely in a line of tool output, by a
// rough rank: punctuation and non-ASCII before capitals, capitals before
// digits, digits before lower case and space.
func rarestByte(s string) byte {
	best, rank := s[0], 1000
	for i := 0; i < len(s); i++ {
		c := s[i]
		r := 10
		switch {
		case c == ' ':
			r = 100
		case c >= 'a' && c <= 'z':
			r = 50
		case c == '.' || c == '/' || c == '_' || c == '-' || c == ':':
			r = 40
		case c >= '0' && c <= '9':
			r = 30
		case c >= 'A' && c <= 'Z':
			r = 20
		}
		if r < rank {
			best, rank = c, r
		}
	}
	return best
}

// claim returns the profile whose signatures match the line, the current
// segment's first, then in the order of all, and which signature matched.
func (x *claimIndex) claim(l string, cur *Profile) (*Profile, int) {
	bestProf, bestSig := -1, -1
	x.line++
	try := func(c claimLit) {
		if x.tried[c.id] == x.line {
			return
		}
		if c.lit != "" && !strings.Contains(l, c.lit) {
			return
		}
		x.tried[c.id] = x.line
		p := x.all[c.prof]
		if !x.better(c.prof, c.sig, bestProf, bestSig, cur) {
			return
		}
		if re, err := p.signature(c.sig); err == nil && re.MatchString(l) {
			bestProf, bestSig = c.prof, c.sig
		}
	}
	for _, c := range x.always {
		try(c)
	}
	var has [256]bool
	for i := 0; i < len(l); i++ {
		c := l[i]
		if has[c] {
			continue
		}
		has[c] = true
		for _, lit := range x.byByte[c] {
			try(lit)
		}
	}
	if bestProf < 0 {
		return nil, -1
	}
	return x.all[bestProf], bestSig
}

// better reports whether signature sig of all[prof] would win over the best
// so far: the current segment's profile first, then the earlier profile,
// then the earlier signature.
func (x *claimIndex) better(prof, sig, bestProf, bestSig int, cur *Profile) bool {
	if bestProf < 0 {
		return true
	}
	pc, bc := x.all[prof] == cur, x.all[bestProf] == cur
	switch {
	case pc != bc:
		return pc
	case prof != bestProf:
		return prof < bestProf
	}
	return sig < bestSig
}

// scanSegments reads the input once, copying it to sp, and splits it into
// the runs of the tools it holds, with the failure signals of each.
func (s *Set) scanSegments(in io.Reader, sp *spool) ([]*segment, error) {
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
func (s *Set) shapeStream(in io.Reader, head []byte, opt Options) (Outcome, error) {
	// head may be a peek into in's buffer, which reading in overwrites.
	head = append([]byte(nil), head...)
	sp := &spool{}
	defer sp.close()
	segs, err := s.scanSegments(in, sp)
	if err != nil {
		return Outcome{}, err
	}
	if len(segs) < 2 {
		p := s.DetectText(head)
		if p == nil {
			p, _ = s.Get(Generic)
		}
		r, err := ShapeText(p, sp.section(0, sp.size), opt)
		if err != nil {
			return Outcome{}, err
		}
		if len(segs) == 1 {
			reconcile(r, &segs[0].sig)
		}
		return Outcome{Report: r, Profile: p}, nil
	}
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
