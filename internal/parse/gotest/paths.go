package gotest

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"

	"github.com/terse-dev/terse/internal/parse"
)

// findGoModule reads the module path from the go.mod in dir or the nearest
// of its parents; zero when there is none.
func findGoModule(dir string) parse.GoModule {
	if dir == "" || !filepath.IsAbs(dir) {
		return parse.GoModule{}
	}
	for d := filepath.Clean(dir); ; {
		if path := goModulePath(filepath.Join(d, "go.mod")); path != "" {
			return parse.GoModule{Path: path, Dir: d}
		}
		up := filepath.Dir(d)
		if up == d {
			return parse.GoModule{}
		}
		d = up
	}
}

// goModulePath is the module line's path of a go.mod file, or "".
func goModulePath(file string) string {
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (strings.HasPrefix(rest, " ") || strings.HasPrefix(rest, "\t")) {
			path := strings.TrimSpace(rest)
			if i := strings.Index(path, "//"); i >= 0 {
				path = strings.TrimSpace(path[:i])
			}
			return strings.Trim(path, `"`+"`")
		}
	}
	return ""
}

// module is the module the run's paths are relative to, looked up once.
func (p *goTestParser) module() parse.GoModule {
	if !p.modRead {
		p.modRead = true
		p.mod = p.opt.GoModule
		if p.mod.Path == "" {
			p.mod = findGoModule(p.opt.Cwd)
		}
	}
	return p.mod
}

// pkgDir is a package's directory relative to the module root
// ("mvdan.cc/sh/v3/expand" is "expand", the module's own package "."), or
// its import path when it is not in the module.
func (p *goTestParser) pkgDir(importPath string) string {
	mod := p.module().Path
	switch {
	case mod == "" || importPath == "":
		return importPath
	case importPath == mod:
		return "."
	case strings.HasPrefix(importPath, mod+"/"):
		return importPath[len(mod)+1:]
	}
	return importPath
}

// testFile places a file a test's line names (a file of its package).
func (p *goTestParser) testFile(importPath, file string) string {
	dir := p.pkgDir(importPath)
	if dir == "." || dir == "" {
		// The module's own package, or a run cut before its package
		// line named the package.
		return file
	}
	return dir + "/" + file
}

// place makes a path go test printed relative to the module root: absolute
// paths (stack frames, testify's traces) and paths relative to the working
// directory (compiler errors).
func (p *goTestParser) place(path string) string {
	mod := p.module()
	if path == "" || mod.Dir == "" {
		return p.opt.Rel(path)
	}
	abs := path
	if !filepath.IsAbs(abs) {
		if p.opt.Cwd == "" {
			return path
		}
		abs = filepath.Join(p.opt.Cwd, abs)
	}
	if r, err := filepath.Rel(mod.Dir, abs); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return p.opt.Rel(path)
}
