package profiles

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// floorsDoc is where the floors of the layered packages are drawn.
const floorsDoc = "../ARCHITECTURE.md"

// layered is each package whose files use names in one direction only, as
// floorsDoc's table draws them, by its directory from this one and the
// name the table gives it.
var layered = map[string]string{"profiles": ".", "internal/match": "../internal/match", "internal/claim": "../internal/claim"}

// TestFilesUseOnlyLowerFloors: in profiles, internal/match and internal/claim,
// every name a
// non-test file uses is defined in a file on the same floor or a lower one
// of ARCHITECTURE.md's table, every file is on a floor, and every file the
// table names exists. Reading the pipeline then goes one way: a file is
// read after the files it builds on, never before one that builds on it.
func TestFilesUseOnlyLowerFloors(t *testing.T) {
	floors, err := readFloors(floorsDoc)
	if err != nil {
		t.Fatal(err)
	}
	imp := importer.ForCompiler(token.NewFileSet(), "source", nil)
	for name, dir := range layered {
		fl := floors[name]
		if len(fl) == 0 {
			t.Errorf("%s: %s draws no floors for %s", floorsDoc, floorsDoc, name)
			continue
		}
		for _, bad := range upwardUses(t, imp, dir, name, fl) {
			t.Error(bad)
		}
	}
}

// readFloors reads the rows "| package | floor | file, file |" of doc:
// package -> file -> floor.
func readFloors(doc string) (map[string]map[string]int, error) {
	f, err := os.Open(doc)
	if err != nil {
		return nil, fmt.Errorf("reading the floors: %w", err)
	}
	defer f.Close()
	out := map[string]map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cells := strings.Split(sc.Text(), "|")
		if len(cells) != 5 || cells[0] != "" || cells[4] != "" {
			continue
		}
		pkg := strings.Trim(strings.TrimSpace(cells[1]), "`")
		n, err := strconv.Atoi(strings.TrimSpace(cells[2]))
		if _, ok := layered[pkg]; !ok || err != nil {
			continue
		}
		if out[pkg] == nil {
			out[pkg] = map[string]int{}
		}
		for _, file := range strings.Split(cells[3], ",") {
			out[pkg][strings.Trim(strings.TrimSpace(file), "`")] = n
		}
	}
	return out, sc.Err()
}

// upwardUses type-checks the non-test files of dir and says, for each use
// of a name of the package defined on a higher floor than the file using
// it, where it is; and which files have no floor or are not there.
func upwardUses(t *testing.T, imp types.Importer, dir, name string, floor map[string]int) []string {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	var bad []string
	seen := map[string]bool{}
	for _, e := range entries {
		base := e.Name()
		if !strings.HasSuffix(base, ".go") || strings.HasSuffix(base, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, base), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		seen[base] = true
		if _, ok := floor[base]; !ok {
			bad = append(bad, fmt.Sprintf("%s/%s is on no floor of %s", name, base, floorsDoc))
		}
	}
	for file := range floor {
		if !seen[file] {
			bad = append(bad, fmt.Sprintf("%s names %s/%s, which is not there", floorsDoc, name, file))
		}
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: imp}
	pkg, err := conf.Check(name, fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	uses := map[[2]string]string{} // file pair on one floor -> a name one uses of the other
	for id, obj := range info.Uses {
		if obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		user := fset.Position(id.Pos())
		def := filepath.Base(fset.Position(obj.Pos()).Filename)
		from := filepath.Base(user.Filename)
		if def != from && floor[def] == floor[from] {
			uses[[2]string{from, def}] = id.Name
		}
		if floor[def] > floor[from] {
			bad = append(bad, fmt.Sprintf("%s/%s:%d uses %s of %s, on floor %d above its own %d",
				name, from, user.Line, id.Name, def, floor[def], floor[from]))
		}
	}
	bad = append(bad, sameFloorCycles(name, uses)...)
	slices.Sort(bad)
	return bad
}

// sameFloorCycles names each pair of files on one floor that use each
// other's names, directly or through other files of that floor: files on
// a floor may lean on each other, but only one way, so that the package
// reads bottom up with no file to come back to.
func sameFloorCycles(name string, uses map[[2]string]string) []string {
	next := map[string][]string{}
	for pair := range uses {
		next[pair[0]] = append(next[pair[0]], pair[1])
	}
	reaches := func(from, to string) bool {
		seen := map[string]bool{from: true}
		queue := []string{from}
		for len(queue) > 0 {
			f := queue[0]
			queue = queue[1:]
			for _, g := range next[f] {
				if g == to {
					return true
				}
				if !seen[g] {
					seen[g] = true
					queue = append(queue, g)
				}
			}
		}
		return false
	}
	var bad []string
	for pair, id := range uses {
		if reaches(pair[1], pair[0]) {
			bad = append(bad, fmt.Sprintf("%s/%s uses %s of %s, which leads back to it on the same floor",
				name, pair[0], id, pair[1]))
		}
	}
	return bad
}
