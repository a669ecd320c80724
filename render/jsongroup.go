package render

import (
	"encoding/json"
	"fmt"

	"github.com/terse-dev/terse/report"
)

// jsonGroup is a cause several failures share, as JSON writes it once: the
// first failure's error and where it was raised.
type jsonGroup struct {
	ID      int            `json:"id"`
	Count   int            `json:"count"`
	Kind    report.Kind    `json:"kind"`
	Message string         `json:"message"`
	Details []string       `json:"details,omitempty"`
	Frames  []report.Frame `json:"frames,omitempty"`
}

// jsonItem is a failure as JSON writes it, with the group it belongs to.
type jsonItem struct {
	report.Failure
	Group int `json:"group,omitempty"`
	// Trimmed is set on a failure written without its diff, frames and
	// details, to fit a token budget.
	Trimmed bool `json:"trimmed,omitempty"`
}

// jsonUnmarshal reads back an item jsonEntry wrote.
func jsonUnmarshal(b []byte, f *jsonItem) error { return json.Unmarshal(b, f) }

// jsonEntry encodes one entry of the page: a failure alone, or the members
// of a group (then also the group, numbered id). A member keeps its location,
// name and change, never the message, frames and details the group already
// holds (its message and details are the group's, report.CauseKey).
func jsonEntry(e []report.Failure, id int) ([][]byte, *jsonGroup, error) {
	if len(e) == 1 {
		item, err := marshal(jsonFailure(e[0]), false)
		if err != nil {
			return nil, nil, fmt.Errorf("encoding failure: %w", err)
		}
		return [][]byte{item}, nil, nil
	}
	first := e[0]
	g := &jsonGroup{ID: id, Count: len(e), Kind: first.Kind, Message: first.Message,
		Details: first.Details, Frames: first.Frames}
	items := make([][]byte, 0, len(e))
	for _, f := range e {
		m := jsonItem{Failure: jsonFailure(f), Group: id}
		m.Message, m.Details, m.Frames = "", nil, nil
		item, err := marshal(m, false)
		if err != nil {
			return nil, nil, fmt.Errorf("encoding failure: %w", err)
		}
		items = append(items, item)
	}
	return items, g, nil
}

// eachJSONEntry walks the page in the tool's order, as JSON keeps it: a
// failure alone, or with group set, the failures that share a cause together
// at the place of the first. Unchanged failures (with a delta) are never
// grouped: they are named only.
func eachJSONEntry(r *report.Report, group bool, fn func([]report.Failure) error) error {
	if !group || r.Shown() > maxGroupPage {
		return r.Each(func(f report.Failure) error { return fn([]report.Failure{f}) })
	}
	var entries [][]report.Failure
	at := map[string]int{}
	err := r.Each(func(f report.Failure) error {
		k := ""
		if r.Delta == nil || f.Change != report.ChangeUnchanged {
			k = report.CauseKey(f)
		}
		if i, ok := at[k]; ok && k != "" {
			entries[i] = append(entries[i], f)
			return nil
		}
		if k != "" {
			at[k] = len(entries)
		}
		entries = append(entries, []report.Failure{f})
		return nil
	})
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := fn(e); err != nil {
			return err
		}
	}
	return nil
}
