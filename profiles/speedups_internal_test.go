package profiles

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestOnlyTestsTurnSpeedUpsOff: production runs one pipeline. No non-test
// file of profiles assigns speedUps (or one of its fields), and no non-test
// file of profiles or internal declares a package-level boolean switch
// (var x = true or false) that code could flip to pick another path.
func TestOnlyTestsTurnSpeedUpsOff(t *testing.T) {
	for _, dir := range []string{".", filepath.Join("..", "internal")} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
			if err != nil {
				return err
			}
			for _, bad := range switchesIn(f) {
				t.Errorf("%s: %s", path, bad)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// switchesIn is what in f declares or flips a path switch.
func switchesIn(f *ast.File) []string {
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
		if a, ok := n.(*ast.AssignStmt); ok {
			for _, lhs := range a.Lhs {
				if rootName(lhs) == "speedUps" {
					bad = append(bad, "assigns speedUps")
				}
			}
		}
		return true
	})
	return bad
}

// rootName is the identifier an expression such as a.b.c starts from.
func rootName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x.Name
		case *ast.SelectorExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		default:
			return ""
		}
	}
}
