package pytest

// pySpare holds the records of the last block dropped off the page, for the
// next block to reuse: a long run prints thousands of failures and keeps a
// page of them, and allocating every block's records anew was a tenth of
// the parser's time.
type pySpare struct {
	blk      *pyBlock
	sections []*pySection
}

// block returns a cleared block.
func (sp *pySpare) block() *pyBlock {
	k := sp.blk
	if k == nil {
		return &pyBlock{spare: sp}
	}
	sp.blk = nil
	return k
}

// section returns a cleared exception record. A block made from the short
// summary alone has no spare.
func (sp *pySpare) section() *pySection {
	if sp == nil || len(sp.sections) == 0 {
		return &pySection{}
	}
	n := len(sp.sections) - 1
	s := sp.sections[n]
	sp.sections = sp.sections[:n]
	return s
}

// put takes back k, which nothing refers to any more: its records are
// cleared (so that they keep no line alive) and the room of their slices
// kept.
func (sp *pySpare) put(k *pyBlock) {
	for _, s := range k.sections {
		if len(sp.sections) == pyMaxSections {
			break
		}
		clear(s.frames)
		clear(s.exc)
		clear(s.plain)
		*s = pySection{frames: s.frames[:0], exc: s.exc[:0], plain: s.plain[:0]}
		sp.sections = append(sp.sections, s)
	}
	clear(k.sections)
	*k = pyBlock{sections: k.sections[:0], spare: sp}
	sp.blk = k
}
