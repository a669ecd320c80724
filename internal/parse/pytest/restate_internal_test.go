package pytest

import "testing"

// A nested introspection line goes from the compact page only when it says
// no more than where the bound method of the line above came from (lines
// of profiles/pytest/testdata/captures/fixtures.txt and chained.txt).
func TestPyRestatesMethod(t *testing.T) {
	for line, want := range map[string]bool{
		"where <bound method Path.exists of PosixPath('/tmp/app.ini')> = PosixPath('/tmp/app.ini').exists":                          true,
		"where <bound method Stock.total of <stock.Stock object at 0x7f58befed710>> = <stock.Stock object at 0x7f58befed710>.total": true,
		"where range(0, 30) = range(30)":                                                        false,
		"where <stock.Stock object at 0x7f58befed710> = Stock({'a': 1, 'b': 2})":                false,
		"where <bound method Stock.total of <stock.Stock object at 0x1>> = make_stock().total":  false,
		"where <bound method Path.exists of PosixPath('/tmp/a')> = PosixPath('/tmp/a').is_file": false,
	} {
		if got := pyRestatesMethod(line); got != want {
			t.Errorf("pyRestatesMethod(%q) = %v, want %v", line, got, want)
		}
	}
}
