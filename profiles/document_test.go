package profiles_test

import (
	"bytes"
	"strconv"
	"testing"

	"github.com/terse-dev/terse/internal/jsonshape"
)

// docHints are the hints the CLI gives for a piped JSON document with
// default flags.
var docHints = jsonshape.Hints{
	Next:      func(offset int) string { return "… | terse --offset " + strconv.Itoa(offset) },
	More:      "… | terse --verbose",
	AllFields: "… | terse",
}

func docJSON(t testing.TB, d *jsonshape.Doc) string {
	t.Helper()
	var b bytes.Buffer
	if err := jsonshape.WriteJSON(&b, d, docHints, false); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
