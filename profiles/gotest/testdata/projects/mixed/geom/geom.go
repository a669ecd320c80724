// Package geom computes areas of polygons given by their side lengths.
package geom

// side returns the i-th side; it trusts i.
func side(sides []float64, i int) float64 {
	return sides[i]
}

// Area returns the area of a rectangle given as [w, h] or of a square [s].
func Area(sides []float64) float64 {
	if len(sides) == 1 {
		return side(sides, 0) * side(sides, 0)
	}
	return side(sides, 0) * side(sides, 2)
}
