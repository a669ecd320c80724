package report

import "strconv"

// Frame is one parsed stack frame.
type Frame struct {
	Func string `json:"fn,omitempty"`
	File string `json:"file"`
	Line int    `json:"line,omitempty"`
	Col  int    `json:"-"`
}

// String renders a frame the way the llm format prints it: "fn (file:line)".
func (f Frame) String() string {
	loc := f.File
	if f.Line > 0 {
		loc += ":" + strconv.Itoa(f.Line)
	}
	if f.Func == "" {
		return loc
	}
	return f.Func + " (" + loc + ")"
}
