package tokens

import "math"

// noRank marks a pair that is not a token.
const noRank = math.MaxUint32

// heapFrom is the piece length from which merging uses a heap: the simple
// scan costs O(n²), which is cheaper for the short pieces that are nearly
// all of them.
const heapFrom = 64

// scratch is reusable memory for merging.
type scratch struct {
	bounds []int32
	ranks  []uint32
	next   []int32
	prev   []int32
	heap   pairHeap
	fixed  []byte
}

// count returns the number of tokens of piece: one when the piece is a
// token, else the parts left when byte-pair merging stops, merging at each
// step the adjacent pair whose concatenation has the lowest rank (the
// leftmost of equals).
func (v *vocab) count(piece []byte, sc *scratch) int {
	if len(piece) <= 1 {
		return len(piece) // every single byte is a token
	}
	if _, ok := v.rank(piece); ok {
		return 1
	}
	if len(piece) < heapFrom {
		return v.mergeScan(piece, sc)
	}
	return v.mergeHeap(piece, sc)
}

func (v *vocab) pairRank(piece []byte, from, to int32) uint32 {
	if r, ok := v.rank(piece[from:to]); ok {
		return r
	}
	return noRank
}

// mergeScan merges by scanning for the lowest rank at each step.
func (v *vocab) mergeScan(piece []byte, sc *scratch) int {
	n := len(piece)
	b := sc.bounds[:0]
	for i := 0; i <= n; i++ {
		b = append(b, int32(i))
	}
	// r[i] is the rank of parts i and i+1 merged.
	r := sc.ranks[:0]
	for i := 0; i < n-1; i++ {
		r = append(r, v.pairRank(piece, b[i], b[i+2]))
	}
	for len(r) > 0 {
		best, at := uint32(noRank), -1
		for i, x := range r {
			if x < best {
				best, at = x, i
			}
		}
		if at < 0 {
			break
		}
		// Merge parts at and at+1: drop the boundary between them.
		b = append(b[:at+1], b[at+2:]...)
		r = append(r[:at], r[at+1:]...)
		if at < len(r) {
			r[at] = v.pairRank(piece, b[at], b[at+2])
		}
		if at > 0 {
			r[at-1] = v.pairRank(piece, b[at-1], b[at+1])
		}
	}
	sc.bounds, sc.ranks = b, r
	return len(b) - 1
}

// mergeHeap merges in the same order as mergeScan, in O(n log n): the
// boundaries form a linked list, candidate pairs a heap ordered by rank,
// then position; entries made stale by a merge are skipped when popped.
func (v *vocab) mergeHeap(piece []byte, sc *scratch) int {
	n := int32(len(piece))
	next, prev, rank := sc.next[:0], sc.prev[:0], sc.ranks[:0]
	for i := int32(0); i <= n; i++ {
		next = append(next, i+1)
		prev = append(prev, i-1)
		rank = append(rank, noRank)
	}
	next[n] = -1
	h := sc.heap[:0]
	pair := func(i int32) uint32 {
		j := next[i]
		if j < 0 || next[j] < 0 {
			return noRank
		}
		return v.pairRank(piece, i, next[j])
	}
	for i := int32(0); i+2 <= n; i++ {
		rank[i] = pair(i)
		if rank[i] != noRank {
			h = h.push(pairAt{rank[i], i})
		}
	}
	parts := int(n)
	for len(h) > 0 {
		var top pairAt
		top, h = h.pop()
		i := top.pos
		if rank[i] != top.rank { // stale, or i was merged away (noRank)
			continue
		}
		j := next[i]
		k := next[j]
		next[i] = k
		if k >= 0 {
			prev[k] = i
		}
		rank[j] = noRank
		parts--
		if rank[i] = pair(i); rank[i] != noRank {
			h = h.push(pairAt{rank[i], i})
		}
		if p := prev[i]; p >= 0 {
			if rank[p] = pair(p); rank[p] != noRank {
				h = h.push(pairAt{rank[p], p})
			}
		}
	}
	sc.next, sc.prev, sc.ranks, sc.heap = next, prev, rank, h
	return parts
}

type pairAt struct {
	rank uint32
	pos  int32
}

// pairHeap is a binary min-heap of pairs by rank, then position.
type pairHeap []pairAt

func (h pairHeap) less(a, b int) bool {
	return h[a].rank < h[b].rank || h[a].rank == h[b].rank && h[a].pos < h[b].pos
}

func (h pairHeap) push(x pairAt) pairHeap {
	h = append(h, x)
	for i := len(h) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
	return h
}

func (h pairHeap) pop() (pairAt, pairHeap) {
	top := h[0]
	last := len(h) - 1
	h[0] = h[last]
	h = h[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= len(h) {
			break
		}
		if c+1 < len(h) && h.less(c+1, c) {
			c++
		}
		if !h.less(c, i) {
			break
		}
		h[i], h[c] = h[c], h[i]
		i = c
	}
	return top, h
}
