package profiles

import (
	"bytes"
	"testing"
)

// Detection runs a signature only on the lines its gate lets through: every
// profile's score, and the profile detected, must be what running it on
// every line gives, on the head of every text capture, as it is and with
// its lines ended in "\r\n" or in blanks (detection does not trim them).
func TestGatedDetectionScoresAlike(t *testing.T) {
	set, err := Builtin()
	if err != nil {
		t.Fatal(err)
	}
	plain := set.plainSet(plainPaths{gatedDetect: true})
	files, caps := captureSample(readTextCaptures(t))
	scored := 0
	for i, c := range caps {
		head := c[:min(len(c), DetectHeadSize)]
		for _, v := range [][]byte{head, bytes.ReplaceAll(head, []byte("\n"), []byte("\r\n")), bytes.ReplaceAll(head, []byte("\n"), []byte(" \t\n"))} {
			text, lines := detectLines(v)
			for _, p := range set.All() {
				every, _ := plain.Get(p.Name)
				want := every.detectScore(text, lines)
				if got := p.detectScore(text, lines); got != want {
					t.Errorf("%s, %s: gated score %d, every line %d", files[i], p.Name, got, want)
				}
				if want > 0 {
					scored++
				}
			}
			want := plain.DetectText(v)
			if got := set.DetectText(v); name(got) != name(want) {
				t.Errorf("%s: gated detection %v, every line %v", files[i], name(got), name(want))
			}
		}
	}
	if scored < len(caps) {
		t.Errorf("%d scores above 0 for %d captures", scored, len(caps))
	}
}
