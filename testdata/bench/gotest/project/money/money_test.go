package money

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	got, err := Parse("12.34")
	if err != nil || got != 1234 {
		t.Fatalf("Parse(12.34) = %d, %v; want 1234", got, err)
	}
}

func TestParseRejectsGarbage(t *testing.T) {
	if _, err := Parse("twelve"); err == nil {
		t.Fatal("Parse(twelve): no error")
	}
}

func TestSplit(t *testing.T) {
	got := Split(100, 3)
	want := []Cents{34, 33, 33}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Split(100, 3) = %v, want %v", got, want)
	}
}

func TestDiscount(t *testing.T) {
	cases := []struct {
		in   Cents
		pct  int
		want Cents
	}{
		{1000, 10, 900},
		{999, 50, 500},
		{0, 30, 0},
	}
	for _, c := range cases {
		if got := Discount(c.in, c.pct); got != c.want {
			t.Errorf("Discount(%d, %d) = %d, want %d", c.in, c.pct, got, c.want)
		}
	}
}

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		in   Cents
		want string
	}{{1234, "12.34"}, {1205, "12.05"}, {7, "0.07"}} {
		t.Run(c.want, func(t *testing.T) {
			if got := Format(c.in); got != c.want {
				t.Errorf("Format(%d) = %q, want %q", c.in, got, c.want)
			}
		})
	}
}

func TestCurrencyTable(t *testing.T) {
	t.Skip("exchange rates need the network")
}
