package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// stateAllowed are the package-level variables outside package main that
// hold state on purpose, each with the reason it cannot be a value passed
// around. A variable that is only read after its initialiser (or init)
// has run is a table, not state, and needs no entry; anything written
// later, or of a kind that exists to be written (sync, atomic, pointer,
// channel), must be here.
var stateAllowed = map[string]string{
	"logic.tracks":                  "a table filled in init; TrackOf hands out a pointer into it so that a push does not copy its track, and nothing writes through that pointer",
	"logic/ai/book.bookOnce":        "the opening book is parsed from the embedded files once, at the first lookup, so that a program that never asks the book (perft, the engine at low levels) never pays for it",
	"logic/ai/book.book":            "written once, under bookOnce, then only read: a constant that is built lazily",
	"logic/ai.mctsTrees":            "a sync.Pool of search trees: a cache of memory, no state a caller can observe",
	"logic/ai/hashtable.tables":     "a sync.Pool of transposition tables: a cache of memory, no state a caller can observe",
	"logic/online/proto.fieldCache": "the JSON names of each wire type's fields, worked out from the type alone the first time strict decoding meets it: a cache, no state a caller can observe",
	"logic/arena.live":              "every engine process started and not yet closed, so that an interrupt (SIGINT) kills them all: the signal handler has no value to be handed",
	// startGrace is written by a test only (engine_test.go), which is
	// why it is a variable; the program never writes it.
	"scenes/app.held":               "the browser's snapshot of the Web Locks held, refreshed by a JS callback that has no Go value to reach; one page has one set of locks",
	"scenes/play/away.thoughtIDs":   "numbers every search of the process, so that a late reply from the one shared search worker is never taken for another screen's search",
	"scenes/play/away.lastPath":     "where the last search ran, read by the page API and the tests only; the search worker it describes is one per page",
	"scenes/play/away.workerOnce":   "the page's one search worker (a Web Worker) is started once, at the first search",
	"scenes/play/away.workerClient": "the page's one search worker, shared by every game of the page",
	"scenes/looptest.theLoop":       "ebiten.RunGame may run once per process, so the test loop is one per test binary (tests only)",
	"render/drawtest.theLoop":       "the same for the render rooms' tests, which sit below scenes/looptest (tests only)",
}

// TestNoMutableGlobals keeps the rule of README.md's "Where things are":
// no mutable package-level variables outside package main. It parses
// every non-test Go file and fails, with file:line, for each
// package-level variable outside main that is written after its
// initialiser (assigned, incremented, its address taken, deleted from,
// cleared, copied into, or given to a pointer method of its own package,
// anywhere but in an init function), or whose kind exists to hold state
// (a sync or sync/atomic type, a pointer, a channel, a struct holding a
// sync type), unless stateAllowed says why. Tables filled once (at
// declaration or in init) and only read afterwards pass. Writes from test
// files are not looked at; a slice passed to a function that writes into
// it is not seen either (go/parser has no types).
func TestNoMutableGlobals(t *testing.T) {
	fset := token.NewFileSet()
	type pkgInfo struct {
		files []*ast.File
		names []string // file paths, beside files
		vars  map[string]*ast.Ident
		types map[string]ast.Expr // a variable's type, as declared or as its composite literal names it
		ptrM  map[string]bool     // "Type.method" for the package's pointer-receiver methods
	}
	pkgs := map[string]*pkgInfo{} // by directory, slash-separated, "." for the root
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, 0)
		if err != nil {
			return err
		}
		if f.Name.Name == "main" {
			return nil
		}
		dir := filepath.ToSlash(filepath.Dir(p))
		pi := pkgs[dir]
		if pi == nil {
			pi = &pkgInfo{vars: map[string]*ast.Ident{}, types: map[string]ast.Expr{}, ptrM: map[string]bool{}}
			pkgs[dir] = pi
		}
		pi.files, pi.names = append(pi.files, f), append(pi.names, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages: is the test run from the repository's root?", len(pkgs))
	}

	// The package-level variables and pointer methods of every package.
	for _, pi := range pkgs {
		for _, f := range pi.files {
			for _, decl := range f.Decls {
				switch d := decl.(type) {
				case *ast.GenDecl:
					if d.Tok != token.VAR {
						continue
					}
					for _, s := range d.Specs {
						vs := s.(*ast.ValueSpec)
						for i, n := range vs.Names {
							if n.Name == "_" {
								continue // a compile-time assertion
							}
							pi.vars[n.Name] = n
							switch {
							case vs.Type != nil:
								pi.types[n.Name] = vs.Type
							case i < len(vs.Values):
								if cl, ok := vs.Values[i].(*ast.CompositeLit); ok && cl.Type != nil {
									pi.types[n.Name] = cl.Type
								}
							}
						}
					}
				case *ast.FuncDecl:
					if d.Recv == nil || len(d.Recv.List) != 1 {
						continue
					}
					if st, ok := d.Recv.List[0].Type.(*ast.StarExpr); ok {
						if id, ok := baseIdent(st.X); ok {
							pi.ptrM[id.Name+"."+d.Name.Name] = true
						}
					}
				}
			}
		}
	}

	found := map[string]string{} // "dir.name" → why, for the ones that break the rule
	where := map[string]string{} // "dir.name" → file:line of the declaration
	for dir, pi := range pkgs {
		for name, id := range pi.vars {
			key := dir + "." + name
			where[key] = fset.Position(id.Pos()).String()
			if why := stateKind(pi.types[name], pi.files); why != "" {
				found[key] = why
			}
		}
		// Writes, in every file of the package, not inside init.
		for _, f := range pi.files {
			imports := importNames(f)
			isVar := func(id *ast.Ident) (string, bool) {
				if _, ok := pi.vars[id.Name]; !ok {
					return "", false
				}
				// Resolved in this file to something other than the
				// package-level declaration: a local of the same name.
				if id.Obj != nil && id.Obj.Kind == ast.Var {
					if vs, ok := id.Obj.Decl.(*ast.ValueSpec); ok {
						for _, n := range vs.Names {
							if n == pi.vars[id.Name] {
								return dir + "." + id.Name, true
							}
						}
					}
					return "", false
				}
				if id.Obj != nil {
					return "", false
				}
				return dir + "." + id.Name, true
			}
			// target is the package-level variable that writing to e
			// writes, if any (here or, through an import, in another
			// package of the project).
			target := func(e ast.Expr) (string, bool) {
				for {
					if in, ok := inner(e); ok {
						e = in
						continue
					}
					switch x := e.(type) {
					case *ast.SelectorExpr:
						if pkg, ok := x.X.(*ast.Ident); ok && pkg.Obj == nil {
							if ip, ok := imports[pkg.Name]; ok {
								other := pkgs[strings.TrimPrefix(ip, "shiftago/")]
								if ip == "shiftago" || other == nil {
									return "", false
								}
								if _, ok := other.vars[x.Sel.Name]; ok {
									return strings.TrimPrefix(ip, "shiftago/") + "." + x.Sel.Name, true
								}
								return "", false
							}
						}
						e = x.X
					case *ast.Ident:
						return isVar(x)
					default:
						return "", false
					}
				}
			}
			note := func(e ast.Expr, at token.Pos, how string) {
				if key, ok := target(e); ok {
					if _, done := found[key]; !done {
						found[key] = how + " at " + fset.Position(at).String()
					}
				}
			}
			for _, decl := range f.Decls {
				fd, ok := decl.(*ast.FuncDecl)
				if !ok || fd.Body == nil || (fd.Recv == nil && fd.Name.Name == "init") {
					continue
				}
				ast.Inspect(fd.Body, func(n ast.Node) bool {
					switch n := n.(type) {
					case *ast.AssignStmt:
						if n.Tok != token.DEFINE {
							for _, l := range n.Lhs {
								note(l, n.Pos(), "written")
							}
						}
					case *ast.IncDecStmt:
						note(n.X, n.Pos(), "written")
					case *ast.UnaryExpr:
						if n.Op == token.AND {
							note(n.X, n.Pos(), "its address taken")
						}
					case *ast.CallExpr:
						if fn, ok := n.Fun.(*ast.Ident); ok && fn.Obj == nil && len(n.Args) > 0 {
							switch fn.Name {
							case "delete", "clear", "copy":
								note(n.Args[0], n.Pos(), fn.Name)
							}
						}
						// v.m() with m a pointer method of v's own type.
						if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
							if id, ok := sel.X.(*ast.Ident); ok {
								if key, ok := isVar(id); ok {
									if tid, ok := baseIdent(pi.types[id.Name]); ok && pi.ptrM[tid.Name+"."+sel.Sel.Name] {
										if _, done := found[key]; !done {
											found[key] = "changed by its pointer method " + sel.Sel.Name + " at " + fset.Position(n.Pos()).String()
										}
									}
								}
							}
						}
					}
					return true
				})
			}
		}
	}

	var bad []string
	for key, why := range found {
		if _, ok := stateAllowed[key]; ok {
			continue
		}
		bad = append(bad, where[key]+": "+key+" is mutable package state ("+why+"): pass a value around, make it a function or a constant, or say in stateAllowed why it must be")
	}
	for key := range stateAllowed {
		if _, ok := where[key]; !ok {
			bad = append(bad, "stateAllowed names "+key+", which is no longer declared: drop the entry")
		} else if _, ok := found[key]; !ok {
			bad = append(bad, "stateAllowed names "+key+", which is now a read-only table: drop the entry")
		}
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Error(b)
	}
	t.Logf("%d packages, %d package-level variables outside main, %d of them state on purpose (stateAllowed)", len(pkgs), len(where), len(found))
}

// stateKind says why a variable of declared type typ holds state by its
// nature, or "" if it need not.
func stateKind(typ ast.Expr, files []*ast.File) string {
	switch x := typ.(type) {
	case nil:
		return ""
	case *ast.StarExpr:
		return "a pointer"
	case *ast.ChanType:
		return "a channel"
	case *ast.SelectorExpr:
		if p, ok := x.X.(*ast.Ident); ok && (p.Name == "sync" || p.Name == "atomic") {
			return "a " + p.Name + "." + x.Sel.Name
		}
	case *ast.StructType:
		for _, fl := range x.Fields.List {
			if why := stateKind(fl.Type, files); why != "" {
				return "a struct holding " + why
			}
		}
	case *ast.Ident:
		// A struct type of the same package holding a sync type.
		for _, f := range files {
			for _, decl := range f.Decls {
				if gd, ok := decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
					for _, s := range gd.Specs {
						if ts := s.(*ast.TypeSpec); ts.Name.Name == x.Name {
							if st, ok := ts.Type.(*ast.StructType); ok {
								return stateKind(st, nil)
							}
						}
					}
				}
			}
		}
	}
	return ""
}

// baseIdent is the named type of a type expression (T, *T, T[P]).
func baseIdent(e ast.Expr) (*ast.Ident, bool) {
	for {
		if in, ok := inner(e); ok {
			e = in
			continue
		}
		id, ok := e.(*ast.Ident)
		return id, ok
	}
}

// inner is what e wraps, if it is a parenthesis, an index or a star: the
// variable or type it reaches.
func inner(e ast.Expr) (ast.Expr, bool) {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return x.X, true
	case *ast.IndexExpr:
		return x.X, true
	case *ast.IndexListExpr:
		return x.X, true
	case *ast.StarExpr:
		return x.X, true
	}
	return nil, false
}

// importNames maps the names a file's imports go by to their paths.
func importNames(f *ast.File) map[string]string {
	m := map[string]string{}
	for _, is := range f.Imports {
		p, _ := strconv.Unquote(is.Path.Value)
		name := path.Base(p)
		if strings.HasPrefix(name, "v") && strings.Contains(p, "/") {
			if _, err := strconv.Atoi(name[1:]); err == nil {
				name = path.Base(path.Dir(p))
			}
		}
		if is.Name != nil {
			name = is.Name.Name
		}
		m[name] = p
	}
	return m
}
