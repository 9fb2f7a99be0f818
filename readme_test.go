package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeMapsEveryPackage: the README's map of the rooms names every
// folder that holds a Go package (issue 49: the online rooms were
// missing), as `path/` in backquotes; the root package is `main.go`.
func TestReadmeMapsEveryPackage(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	dirs := map[string]bool{}
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules" || name == "dist") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			dirs[filepath.ToSlash(filepath.Dir(path))] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 10 {
		t.Fatalf("found only %d package folders: %v", len(dirs), dirs)
	}
	for dir := range dirs {
		want := "`" + dir + "/`"
		if dir == "." {
			want = "`main.go`"
		}
		if !strings.Contains(string(readme), want) {
			t.Errorf("README.md's map of the rooms does not name %s", want)
		}
	}
}
