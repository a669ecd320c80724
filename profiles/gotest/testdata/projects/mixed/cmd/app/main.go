// Command app prints an area; it has no tests.
package main

import (
	"fmt"

	"example.com/mixed/geom"
)

func main() { fmt.Println(geom.Area([]float64{2})) }
