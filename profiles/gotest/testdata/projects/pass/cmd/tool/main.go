// Command tool prints a sum; it has no tests.
package main

import (
	"fmt"

	"example.com/pass/calc"
)

func main() { fmt.Println(calc.Add(1, 2)) }
