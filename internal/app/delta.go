package app

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/urfave/cli/v3"

	"github.com/terse-dev/terse/internal/delta"
	"github.com/terse-dev/terse/internal/runlog"
	"github.com/terse-dev/terse/profiles"
	"github.com/terse-dev/terse/report"
)

// noDeltaFlag turns the run-to-run delta off.
func noDeltaFlag() cli.Flag {
	return &cli.BoolFlag{Name: "no-delta", Usage: "print every failure in full, even those unchanged since the previous run of the command (also TERSE_DELTA=off)"}
}

// sessionFlag names the reader of terse run's output.
func sessionFlag() cli.Flag {
	return &cli.StringFlag{Name: "session", Usage: "the `ID` of the agent session that reads the output (also TERSE_SESSION; the Claude Code hook passes it): " +
		"a run is compared with the previous run of the command only in the same session, and failures that session read in full are a line each"}
}

// sessionOf is the reader terse run's output goes to (--session, else
// TERSE_SESSION), "" for none.
func sessionOf(c *cli.Command, env Env) string {
	if s := strings.TrimSpace(c.String("session")); s != "" {
		return s
	}
	return strings.TrimSpace(env.Getenv("TERSE_SESSION"))
}

// shapingEnv are the variables that change what a tool prints (jest's and
// vitest's agent reporters under AI_AGENT, colour, CI's reporters) or how
// terse shapes it: a run under other values printed other output, which
// its reader read, not this one.
var shapingEnv = []string{"AI_AGENT", "AGENT", "CLAUDECODE", "CI", "NO_COLOR", "FORCE_COLOR", "LLM_OUTPUT"}

// envDigest is a digest of the values of shapingEnv in env.
func envDigest(getenv func(string) string) string {
	h := sha256.New()
	for _, k := range shapingEnv {
		v, set := getenv(k), "0"
		if v != "" {
			set = "1"
		}
		fmt.Fprintf(h, "%s=%s%d:%s\x00", k, set, len(v), v)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// noGroupFlag turns off the one block for failures of one cause.
func noGroupFlag() cli.Flag {
	return &cli.BoolFlag{Name: "no-group", Usage: "print failures that share a cause each in full, not as one block (also TERSE_GROUP=off)"}
}

// groupOn reports whether failures that share a cause are written as one
// block.
func groupOn(c *cli.Command, getenv func(string) string) bool {
	return !c.Bool("no-group") && !offValue(getenv("TERSE_GROUP"))
}

// offValue reports whether an environment switch says off.
func offValue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "off", "0", "false", "no":
		return true
	}
	return false
}

// onlyFlag picks the failures of one change (terse show, terse last).
func onlyFlag() cli.Flag {
	return &cli.StringFlag{Name: "only", Usage: "show only the failures that are `new` or `unchanged` since the previous run of the command, in full"}
}

// deltaOn reports whether the output compares the run with the previous
// run of the same command.
func deltaOn(c *cli.Command, env Env) bool {
	return !c.Bool("no-delta") && !offValue(env.Getenv("TERSE_DELTA"))
}

// paging is the page asked for: its window, and whether failures of one
// cause count as one entry.
type paging struct {
	win   report.Window
	group bool
}

// regroup makes the page again from the whole run (all) when it is not the
// whole run and failures of one cause are grouped, so that a group is one
// entry of the page, whole, rather than split across pages. A page a delta
// made again already is left alone.
func regroup(r *report.Report, all func() (*report.Report, error), pg paging) error {
	if !pg.group || r.Delta != nil || wholePage(r) || all == nil || r.Page.Total > maxRepage || len(r.Parts) > 0 || r.LineItems > 0 {
		// (A stream of several tools keeps the one list its parts make.)
		return nil
	}
	whole, err := all()
	if err != nil || whole == nil {
		return err
	}
	return r.Repage(whole, nil, true, pg.win)
}

// tooManyToRecord reports whether r, a page, counts more failures than a
// record holds (a 100 MB pytest run: 164,000).
func tooManyToRecord(r *report.Report) bool {
	return !wholePage(r) && r.Page.Total > delta.MaxEntries
}

// wholePage reports whether r's page holds every failure of the run.
func wholePage(r *report.Report) bool { return r.Page.Offset == 0 && !r.Page.HasMore }

// maxRepage bounds the failures held in memory to put new ones first.
const maxRepage = 10_000

// allFailures shapes the saved output again without a limit, when r's page
// is not the whole run: only the whole list tells what was fixed, and puts
// the new failures first. nil when the page is the whole run.
func (j *runJob) allFailures(r *report.Report, path string, prof *profiles.Profile) (*report.Report, error) {
	if wholePage(r) {
		return nil, nil
	}
	if j.whole != nil {
		// Shaped whole already (see runJob.page): runDelta closes it,
		// and so does run.
		return j.whole, nil
	}
	opt := j.opt
	opt.Window = report.Window{}
	all, err := j.reshapeWith(path, prof, opt)
	if err != nil {
		return nil, err
	}
	return checkWhole(r, all.Report)
}

// checkWhole checks that the input shaped again without a limit is the run
// r holds a page of: as many failures. A stream of several tools, shaped
// again with one profile, would not be.
func checkWhole(r, whole *report.Report) (*report.Report, error) {
	if whole == nil {
		return nil, errors.New("the output shaped again to no report")
	}
	if n := whole.Shown(); n != r.Page.Total {
		whole.Close()
		return nil, fmt.Errorf("the output shaped again holds %d failures, not %d", n, r.Page.Total)
	}
	return whole, nil
}

// recordFailures saves the record of every failure of the run (those of
// all, when set; else of r) beside it, for the next run of the command to
// compare with, and returns its keys: the record is written as the
// failures are read (delta.Recording), never held (ten times the keys'
// size).
func recordFailures(store *runlog.Store, id int, r, all *report.Report) (delta.Keys, error) {
	src := r
	if all != nil {
		src = all
	}
	if src.Held() > delta.MaxEntries {
		// Known too many without reading them back from the spill.
		return tooMany(store, id, r.Tool)
	}
	rec := delta.NewRecording(r.Tool, src.Held(), src.EachView)
	err := store.WriteFailures(id, rec)
	if errors.Is(err, delta.ErrTooMany) {
		return tooMany(store, id, r.Tool)
	}
	if err != nil {
		return delta.Keys{}, err
	}
	return rec.Keys(), nil
}

// tooMany saves the record of a run of tool with more failures than a
// record holds.
func tooMany(store *runlog.Store, id int, tool string) (delta.Keys, error) {
	rec := delta.TooMany(tool)
	return rec.Keys(), writeRecord(store, id, rec)
}

// writeRecord saves rec as the record of failures of run id.
func writeRecord(store *runlog.Store, id int, rec delta.Record) error {
	return store.WriteFailures(id, rec)
}

// readRecord reads the record of failures of run id.
func readRecord(store *runlog.Store, id int) (delta.Record, error) {
	data, err := store.ReadFailures(id)
	if err != nil {
		return delta.Record{}, err
	}
	return delta.Decode(data)
}

// compareSaved compares the run recorded as cur with the record of run
// since, as saved (delta.CompareSaved); ok is false when it has none
// (saved by an older terse, or its output was not shaped). prev is that
// record without its failures.
func compareSaved(store *runlog.Store, since int, cur delta.Keys) (c *delta.Comparison, prev delta.Record, ok bool, err error) {
	saved, err := readSaved(store, since)
	if err != nil || saved == nil {
		return nil, prev, false, err
	}
	return saved.Compare(cur, since), saved.Record(), true, nil
}

// readSaved reads the record of run id as saved (nil when it has none).
func readSaved(store *runlog.Store, id int) (*delta.Saved, error) {
	data, err := store.ReadFailures(id)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return delta.ReadSaved(data)
}

// previous is the record of the run before m of its command, as saved
// (saved nil when there is none, or it has none), and that run's id.
type previous struct {
	id    int
	saved *delta.Saved
	err   error
}

// readPrevious reads the record of the run before m of its command that
// m's reader read (runlog.Store.PreviousFor), keeping of its failures those
// the reader read in full (delta.Saved.OnlySeen).
func readPrevious(store *runlog.Store, m runlog.Meta) previous {
	run, err := store.PreviousFor(m)
	if errors.Is(err, runlog.ErrNoRun) {
		return previous{}
	}
	if err != nil {
		return previous{err: err}
	}
	saved, err := readSaved(store, run.ID)
	if err == nil && saved != nil {
		err = onlySeen(store, run.ID, saved)
	}
	return previous{id: run.ID, saved: saved, err: err}
}

// onlySeen keeps of saved, run id's record, the failures its printed page
// showed in full (none when it has no record of them: a JSON page, a page
// never printed, a run of an older terse).
func onlySeen(store *runlog.Store, id int, saved *delta.Saved) error {
	data, err := store.ReadSeen(id)
	if errors.Is(err, fs.ErrNotExist) {
		saved.OnlySeen(nil)
		return nil
	}
	if err != nil {
		return err
	}
	seen, err := delta.Decode(data)
	if err != nil {
		return err
	}
	saved.OnlySeen(seen.Failures)
	return nil
}

// seenRecorder collects the failures a page shows in full
// (render.Hints.Shown), for the record the next run of the command
// compares with (runlog.Store.WriteSeen).
type seenRecorder struct {
	entries []delta.Entry
}

// add records f as shown in full. An unchanged failure was read before,
// and is recorded as such (readBefore), on the page or not.
func (s *seenRecorder) add(f report.Failure) {
	if f.Change != report.ChangeUnchanged {
		s.entries = append(s.entries, delta.EntryOf(f))
	}
}

// save writes the record of run id, of tool.
func (s *seenRecorder) save(store *runlog.Store, id int, tool string) error {
	es := s.entries
	if es == nil {
		es = []delta.Entry{}
	}
	return store.WriteSeen(id, delta.Record{Version: delta.Version, Tool: tool, Failures: es})
}

// readPreviousAhead is readPrevious on another goroutine: a run's own
// record is written meanwhile (runDelta). The function returned waits for
// it.
func readPreviousAhead(store *runlog.Store, m runlog.Meta) func() previous {
	done := make(chan previous, 1)
	go func() {
		var p previous
		defer func() {
			if v := recover(); v != nil {
				p = previous{err: fmt.Errorf("reading the previous run's record: %v", v)}
			}
			done <- p
		}()
		p = readPrevious(store, m)
	}()
	var p previous
	got := false
	return func() previous {
		if !got {
			p, got = <-done, true
		}
		return p
	}
}

// applyDelta compares run m (recorded as cur) with the previous run of its
// command, which prev reads, and marks r with the change: the counts on
// its status line, and each failure's Change. all, when set, gives the
// whole run of which r holds a page (nil when r holds it all): the page is
// then made again from it, new failures first, as pg says. show is the
// command that shows the unchanged failures in full. Nothing is marked when
// there is nothing to compare, or when the run has no failure.
func applyDelta(prev func() previous, cur delta.Keys, r *report.Report, all func() (*report.Report, error), pg paging, show string) error {
	_, err := applyDeltaWith(prev, cur, r, all, pg, show)
	return err
}

// applyDeltaWith is applyDelta, and returns the comparison it marked r by
// (nil when it marked nothing).
func applyDeltaWith(prev func() previous, cur delta.Keys, r *report.Report, all func() (*report.Report, error), pg paging, show string) (*delta.Comparison, error) {
	if cur.Len() == 0 {
		// A green run says all there is to say in its status line; and a
		// run that failed without a failure terse knows (a crash before
		// the tests) fixed nothing.
		return nil, nil
	}
	p := prev()
	if p.err != nil || p.saved == nil || !cur.ComparableWith(p.saved.Record()) {
		return nil, p.err
	}
	c := p.saved.Compare(cur, p.id)
	return c, markDelta(c, cur, r, all, pg, show)
}

// markDelta marks r (recorded as cur) with its change, c; see applyDelta.
func markDelta(c *delta.Comparison, cur delta.Keys, r *report.Report, all func() (*report.Report, error), pg paging, show string) error {
	d := c.Delta
	if d.Unchanged > 0 {
		d.Show = show
	}
	r.Delta = d
	mark := c.Mark
	if all != nil && cur.Len() <= maxRepage {
		whole, err := all()
		if err != nil {
			return err
		}
		if whole != nil {
			return r.Repage(whole, mark, pg.group, pg.win)
		}
	}
	r.SetChange(mark)
	return nil
}

// runDelta records the run's failures and compares them with the previous
// run of the command. Failing to is never fatal: the output is then the
// full one, and a line on stderr says why.
func (j *runJob) runDelta(store *runlog.Store, rec *runlog.Run, out profiles.Outcome, rv runView) {
	if out.Report == nil || out.Passthrough != nil || out.Report.Tool == profiles.Generic {
		// The generic cleaner's problems have no identity to compare.
		return
	}
	path := rec.Path
	if rec.Stdout && out.JSONIn {
		path = store.StdoutPath(rec.ID) // the document the run was shaped from
	}
	err := func() error {
		if r := out.Report; j.whole == nil && tooManyToRecord(r) {
			// The record says so, and neither a delta nor the groups
			// (maxRepage) read the whole list, which would be the
			// output shaped again.
			return writeRecord(store, rec.ID, delta.TooMany(r.Tool))
		}
		all, err := j.allFailures(out.Report, path, shapedBy(out))
		if err != nil {
			return err
		}
		if all != nil {
			defer all.Close()
		}
		// The previous run's record is read and hashed while this run's
		// is written, on the other core (a run of 91,000 failures spent
		// 0.2 s on one core here), when there is something to compare.
		prev := func() previous { return readPrevious(store, rec.Meta) }
		if j.delta && out.Report.Page.Total > 0 {
			prev = readPreviousAhead(store, rec.Meta)
			defer prev()
		}
		cur, err := recordFailures(store, rec.ID, out.Report, all)
		if err != nil {
			return err
		}
		var whole func() (*report.Report, error)
		if all != nil {
			whole = func() (*report.Report, error) { return all, nil }
		}
		pg := paging{win: j.opt.Window, group: j.view.group}
		if j.delta {
			show := j.view.command(rv, append(append([]string(nil), j.view.format...), "--only", report.ChangeUnchanged))
			c, err := applyDeltaWith(prev, cur, out.Report, whole, pg, show)
			if err != nil {
				return err
			}
			src := out.Report
			if all != nil {
				src = all
			}
			if j.carry, err = readBefore(c, src, cur); err != nil {
				return err
			}
		}
		return regroup(out.Report, whole, pg)
	}()
	if err != nil {
		fmt.Fprintf(j.env.Stderr, "terse: no comparison with the previous run: %v\n", err)
	}
}

// readBefore is what the reader of a run compared by c read in earlier
// runs of its session: the failures of the run (those src holds, all of
// them) that c marks unchanged. They count as read for the next run too,
// whether this page shows them or not: under Claude Code the new failures
// fill the page first, and a failure read two runs ago, left off this
// page, was read all the same (counted as unread, the pages of a long run
// took turns, and the last failures were never shown). Past maxRepage
// failures, none are carried: the next run shows them in full.
func readBefore(c *delta.Comparison, src *report.Report, cur delta.Keys) ([]delta.Entry, error) {
	if c == nil || c.Delta.Unchanged == 0 || cur.Len() > maxRepage {
		return nil, nil
	}
	var out []delta.Entry
	err := src.Each(func(f report.Failure) error {
		if c.Mark(f) == report.ChangeUnchanged {
			out = append(out, delta.EntryOf(f))
		}
		return nil
	})
	return out, err
}

// showDelta marks a saved run shown again with its change since the
// previous run of its command, as its own run did (all gives the whole run
// when r holds a page of it); with --only, it keeps the failures of that
// change alone, in full, paged with win.
func showDelta(store *runlog.Store, m runlog.Meta, r *report.Report, all func() (*report.Report, error), only string, pg paging, show string) error {
	if m.Session == "" && only == "" {
		// Shown with no reader named, the run had no delta.
		return nil
	}
	cur, err := readRecord(store, m.ID)
	if errors.Is(err, fs.ErrNotExist) {
		if only != "" {
			return fmt.Errorf("run %d has no record of its failures to compare", m.ID)
		}
		return nil
	}
	if err != nil {
		return err
	}
	if only != "" {
		// r holds every failure (shaped without a limit): mark them, keep
		// the change asked for, page after.
		all = nil
	}
	prev := func() previous { return readPrevious(store, m) }
	if err := applyDelta(prev, cur.Keys(), r, all, pg, show); err != nil {
		return err
	}
	if only == "" {
		return nil
	}
	d := r.Delta
	if d == nil {
		return fmt.Errorf("run %d has no previous run of its command to compare with", m.ID)
	}
	r.Delta = nil // shown in full
	if err := r.Retain(func(f report.Failure) bool { return f.Change == only }, pg.win); err != nil {
		return err
	}
	r.Notes = append([]string{fmt.Sprintf("only the %d %s failures since run %d (%d new, %d fixed, %d unchanged)",
		r.Page.Total, only, d.Since, d.New, d.Fixed, d.Unchanged)}, r.Notes...)
	return nil
}

// pipeDelta compares the report of piped input with saved run since
// (`jest 2>&1 | terse --since 41`): a pipe saves no run, so the run to
// compare with is named. all gives every failure of the input when the
// report holds a page of it.
func pipeDelta(env Env, since int, r *report.Report, all func() (*report.Report, error), pg paging) error {
	store, err := openStore(env)
	if err != nil {
		return err
	}
	if _, err := store.Get(since); err != nil {
		return fmt.Errorf("no saved run %d: %w", since, err)
	}
	src := r
	var whole *report.Report
	if !wholePage(r) {
		if whole, err = all(); err != nil {
			return err
		}
		src = whole
	}
	rec, err := delta.RecordOf(r.Tool, src.Held(), src.Each)
	if err != nil {
		return err
	}
	cur := rec.Keys()
	c, prev, ok, err := compareSaved(store, since, cur)
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("run %d has no record of its failures to compare", since)
	}
	if !cur.ComparableWith(prev) {
		return fmt.Errorf("run %d was shaped as %s, this input as %s", since, prev.Tool, cur.Tool)
	}
	if cur.Len() == 0 {
		return nil
	}
	var again func() (*report.Report, error)
	if whole != nil {
		again = func() (*report.Report, error) { return whole, nil }
	}
	return markDelta(c, cur, r, again, pg, "the same pipe without --since")
}

// repage compares the piped input with the run named by --since, and
// makes the page again from the whole input when failures of one cause are
// grouped on a page that is not all of it. Failing to compare is said on
// stderr, and every failure is then shown in full.
func (j *job) repage(out profiles.Outcome) {
	var whole *report.Report
	if every := out.All; every != nil {
		// Every failure, held beside the page as it was shaped
		// (Options.EveryMax), when it is all of them.
		if every.Page.Total == out.Report.Page.Total && !every.Page.HasMore {
			whole = every
		} else {
			every.Close()
		}
	}
	all := func() (*report.Report, error) {
		if whole != nil {
			return whole, nil
		}
		opt := j.opt
		opt.Window = report.Window{}
		pr, pw := io.Pipe()
		go func() { pw.CloseWithError(j.raw.Replay(pw)) }()
		defer pr.Close() // a shaper that stops early must not leave the replay blocked
		again, err := j.set.Shape(pr, shapedBy(out), opt)
		if err != nil {
			return nil, err
		}
		whole, err = checkWhole(out.Report, again.Report)
		return whole, err
	}
	defer func() {
		if whole != nil {
			whole.Close()
		}
	}()
	pg := paging{win: j.opt.Window, group: j.hints.Group}
	if j.since > 0 {
		if err := pipeDelta(j.env, j.since, out.Report, all, pg); err != nil {
			fmt.Fprintf(j.env.Stderr, "terse: --since %d: %v; every failure in full\n", j.since, err)
		}
	}
	if out.Report.Tool == profiles.Generic {
		return
	}
	if err := regroup(out.Report, all, pg); err != nil {
		fmt.Fprintf(j.env.Stderr, "terse: failures of one cause not gathered: %v\n", err)
	}
}
