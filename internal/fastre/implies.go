package fastre

// Implies reports whether b matches every line a matches (a line: a
// string without a newline, as a line reader cuts them), as the two
// automata tell when they are run side by side over every line at once:
// pairs of their states, from the start, on every byte. A pair where a has
// found a match needs b to have found one, or to find one whatever follows;
// a pair at the end of the line where a matches needs b to match there too.
//
// False means "not shown": a line of a's that b does not match, or more
// pairs than maxImpliesPairs, or an automaton that tells runes past ASCII
// apart (its lines go to the backtracker), or one out of room. The
// automata are built for this call and given back, so the Regexps' own
// caches, which the lines being matched fill, lose no room to it.
func Implies(a, b *Regexp) bool {
	da, db := newDFA(a.prog), newDFA(b.prog)
	defer da.release()
	defer db.release()
	if !da.highOK || !db.highOK {
		return false
	}
	w := implier{a: da, b: db, seen: map[[2]int32]bool{}, sure: map[int32]bool{}}
	ra, rb := da.startState(flagBegin), db.startState(flagBegin)
	switch {
	case ra == tDead || rb == tMatch:
		return true
	case ra == tGiveUp || rb <= 0:
		return false
	case ra == tMatch:
		return w.always(rb)
	}
	return w.pair(ra, rb)
}

// maxImpliesPairs bounds the pairs of states Implies visits.
const maxImpliesPairs = 4096

// implier is the walk of Implies: the pairs already seen, and b's states
// known to reach a match whatever follows (sure: true) or not (false).
type implier struct {
	a, b *dfa
	seen map[[2]int32]bool
	sure map[int32]bool
}

// impliesSymbols are the symbols a line is read as: every ASCII byte but
// a newline, and 0x80 for a rune past ASCII (every one is alike to an
// automaton with highOK, and so is a byte that is no UTF-8).
var impliesSymbols = func() []int {
	var out []int
	for c := 0; c < 0x80; c++ {
		if c != '\n' {
			out = append(out, c)
		}
	}
	return append(out, 0x80)
}()

// step is the state of d after row reads symbol c (endOfText: the end).
func step(d *dfa, row int32, c int) int32 {
	col := d.endCol
	if c != endOfText {
		col = int(d.classes[c])
	}
	if next := (*d.table.Load())[int(row)+col].Load(); next != tUnbuilt {
		return next
	}
	return d.build(row, col, c)
}

// pair walks from the pair (ra, rb), depth first, and reports whether no
// line takes a to a match that b misses.
func (w *implier) pair(ra, rb int32) bool {
	todo := [][2]int32{{ra, rb}}
	w.seen[todo[0]] = true
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		ea, eb := step(w.a, p[0], endOfText), step(w.b, p[1], endOfText)
		if ea == tGiveUp || eb == tGiveUp || ea == tMatch && eb != tMatch {
			return false
		}
		for _, c := range impliesSymbols {
			na, nb := step(w.a, p[0], c), step(w.b, p[1], c)
			switch {
			case na == tGiveUp || nb == tGiveUp:
				return false
			case nb == tMatch || na == tDead:
				continue // b has matched, or a cannot
			case na == tMatch:
				if nb == tDead || !w.always(nb) {
					return false
				}
				continue
			case nb == tDead:
				// a may still match and b cannot: unless a cannot
				// either whatever follows, this is a line of a's
				// that b misses.
				if !w.never(na) {
					return false
				}
				continue
			}
			q := [2]int32{na, nb}
			if w.seen[q] {
				continue
			}
			if len(w.seen) >= maxImpliesPairs {
				return false
			}
			w.seen[q] = true
			todo = append(todo, q)
		}
	}
	return true
}

// always reports whether b, in state row, matches whatever follows.
func (w *implier) always(row int32) bool {
	if v, ok := w.sure[row]; ok {
		return v
	}
	seen := map[int32]bool{row: true}
	todo := []int32{row}
	ok := true
	for ok && len(todo) > 0 && len(seen) < maxImpliesPairs {
		r := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if step(w.b, r, endOfText) != tMatch {
			ok = false
			break
		}
		for _, c := range impliesSymbols {
			n := step(w.b, r, c)
			if n == tMatch {
				continue
			}
			if n <= 0 {
				ok = false
				break
			}
			if !seen[n] {
				seen[n] = true
				todo = append(todo, n)
			}
		}
	}
	ok = ok && len(todo) == 0
	w.sure[row] = ok
	return ok
}

// never reports whether a, in state row, matches no line that follows.
func (w *implier) never(row int32) bool {
	seen := map[int32]bool{row: true}
	todo := []int32{row}
	for len(todo) > 0 {
		if len(seen) >= maxImpliesPairs {
			return false
		}
		r := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if e := step(w.a, r, endOfText); e == tMatch || e == tGiveUp {
			return false
		}
		for _, c := range impliesSymbols {
			n := step(w.a, r, c)
			switch {
			case n == tMatch || n == tGiveUp:
				return false
			case n > 0 && !seen[n]:
				seen[n] = true
				todo = append(todo, n)
			}
		}
	}
	return true
}
