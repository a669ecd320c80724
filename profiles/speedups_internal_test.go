package profiles

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestOnlyTestsTakePlainPaths: production runs one pipeline. No non-test
// file of profiles sets a plain path (a field of plainPaths, or a plain
// field holding them, or a plainPaths literal with a field set), and no
// non-test file of profiles or internal declares a package-level boolean
// switch (var x = true or false) that code could flip to pick another path.
func TestOnlyTestsTakePlainPaths(t *testing.T) {
	for _, dir := range []string{".", filepath.Join("..", "internal")} {
		// plainPaths is this package's: internal's packages are held
		// to the package-level switches only.
		var fields []string
		if dir == "." {
			fields = plainPathNames()
		}
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			for _, bad := range switchesIn(f, fields) {
				t.Errorf("%s: %s", path, bad)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// The check above finds each way of taking a plain path.
func TestSwitchesInFindsEachWay(t *testing.T) {
	for _, src := range []string{
		"var fast = true",
		"func f(p *Profile) { p.plain.shortcuts = true }",
		"func f(p *Profile) { p.plain = plainPaths{} }",
		"func f(x *claimIndex) { x.plain.claimAhead = true }",
		"func f() { s := &Set{plain: plainPaths{ruleAhead: true}}; _ = s }",
		"func f() { var p plainPaths; p.viewLines = true; _ = p }",
	} {
		f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package profiles\n"+src, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(switchesIn(f, plainPathNames())) == 0 {
			t.Errorf("not found: %s", src)
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", "package profiles\nfunc f(p *Profile) bool { x := &claimIndex{plain: p.plain}; return x.plain.shortcuts }", 0)
	if err != nil {
		t.Fatal(err)
	}
	if bad := switchesIn(f, plainPathNames()); len(bad) > 0 {
		t.Errorf("reading and handing on the paths is taken for setting them: %v", bad)
	}
}

// plainPathNames is the names of plainPaths' fields.
func plainPathNames() []string {
	var names []string
	for f := range reflect.TypeFor[plainPaths]().Fields() {
		names = append(names, f.Name)
	}
	return names
}

// switchesIn is what in f declares or flips a path switch: with fields
// (plainPaths' names), a plain path set too.
func switchesIn(f *ast.File, fields []string) []string {
	var bad []string
	for _, decl := range f.Decls {
		g, ok := decl.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			for i, val := range v.Values {
				if id, ok := val.(*ast.Ident); ok && (id.Name == "true" || id.Name == "false") {
					bad = append(bad, "package-level switch var "+v.Names[i].Name)
				}
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if s, ok := lhs.(*ast.SelectorExpr); ok && fields != nil && (s.Sel.Name == "plain" || slices.Contains(fields, s.Sel.Name)) {
					bad = append(bad, "assigns "+s.Sel.Name)
				}
			}
		case *ast.CompositeLit:
			if id, ok := n.Type.(*ast.Ident); ok && id.Name == "plainPaths" && len(n.Elts) > 0 {
				bad = append(bad, "sets a plain path in a plainPaths literal")
			}
		}
		return true
	})
	return bad
}
