package gen

import (
	"strings"
	"testing"
	"testing/fstest"
)

const mylint = `name: mylint
description: "A linter | with a pipe"
commands: [mylint, ml]
detect:
  min: 1
  text: ['^mylint \d+$']
`

func TestReadmeRewritesBetweenMarkers(t *testing.T) {
	ps, err := Load(fstest.MapFS{"mylint/profile.yaml": {Data: []byte(mylint)}})
	if err != nil {
		t.Fatal(err)
	}
	in := "intro\n" + ReadmeBegin + "\nstale list\n" + ReadmeEnd + "\nafter\n"
	out, err := Readme([]byte(in), ps)
	if err != nil {
		t.Fatal(err)
	}
	want := "intro\n" + ReadmeBegin + "\n| profile | commands | what it reads |\n|---|---|---|\n" +
		"| **mylint** | `mylint`, `ml` | A linter \\| with a pipe |\n" + ReadmeEnd + "\nafter\n"
	if string(out) != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	again, err := Readme(out, ps)
	if err != nil || string(again) != want {
		t.Errorf("a second generation changed the README: %v\n%s", err, again)
	}
}

func TestReadmeWithoutMarkers(t *testing.T) {
	for _, in := range []string{"no markers\n", ReadmeBegin + "\nno end\n"} {
		if _, err := Readme([]byte(in), nil); err == nil {
			t.Errorf("Readme(%q) succeeded; want an error naming the missing marker", in)
		}
	}
}

func TestLoadRejectsABrokenProfile(t *testing.T) {
	_, err := Load(fstest.MapFS{"bad/profile.yaml": {Data: []byte("name: bad\ndetect:\n  text: ['(']\n")}})
	if err == nil || !strings.Contains(err.Error(), "bad/profile.yaml") {
		t.Errorf("Load of a broken pattern: %v; want an error naming bad/profile.yaml", err)
	}
	if _, err := Load(fstest.MapFS{}); err == nil {
		t.Error("Load of no profiles succeeded")
	}
}

func TestClaimsLeaveOutProfilesWithoutCommands(t *testing.T) {
	ps, err := Load(fstest.MapFS{
		"mylint/profile.yaml": {Data: []byte(mylint)},
		"quiet/profile.yaml":  {Data: []byte("name: quiet\ndetect:\n  text: ['^q$']\n")},
	})
	if err != nil {
		t.Fatal(err)
	}
	src, err := Claims(ps)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), `Profile: "mylint"`) || strings.Contains(string(src), "quiet") {
		t.Errorf("claims:\n%s", src)
	}
	if !strings.HasPrefix(string(src), "// Code generated ") || !strings.Contains(string(src), "DO NOT EDIT.") {
		t.Errorf("claims lack the generated-code header:\n%s", src)
	}
}

// A profile left at the top of profiles/ (the form before folders) is an
// error that says where it goes, not a profile silently left out of the
// table; so is a folder named otherwise than its profile.
func TestLoadWantsOneFolderPerProfile(t *testing.T) {
	_, err := Load(fstest.MapFS{
		"mylint/profile.yaml": {Data: []byte(mylint)},
		"ruff.yaml":           {Data: []byte("name: ruff\ndetect:\n  text: ['^r$']\n")},
	})
	if err == nil || !strings.Contains(err.Error(), "move it to ruff/profile.yaml") {
		t.Errorf("Load with a loose ruff.yaml: %v; want an error saying to move it to ruff/profile.yaml", err)
	}
	_, err = Load(fstest.MapFS{"lint/profile.yaml": {Data: []byte(mylint)}})
	if err == nil || !strings.Contains(err.Error(), `named "mylint"`) {
		t.Errorf("Load of mylint in folder lint: %v; want an error naming the profile's name", err)
	}
}
