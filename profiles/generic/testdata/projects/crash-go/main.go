// Command crash indexes past the end of a slice inside a helper.
package main

import (
	"fmt"
	"strings"
)

func field(line string, n int) string {
	return strings.Fields(line)[n]
}

func main() {
	fmt.Println("reading fields")
	for _, l := range []string{"a b c", "d e"} {
		fmt.Println(field(l, 2))
	}
}
