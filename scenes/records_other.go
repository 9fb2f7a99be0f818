//go:build !js

package scenes

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"shiftago/scenes/store"
)

// recordsDir is where exported records go: "records" beside the save.
func recordsDir(c *Context) string {
	if d, ok := c.Opts.Store.(*store.Dir); ok {
		return filepath.Join(d.Path, "records")
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "."
	}
	return filepath.Join(dir, "shiftago", "records")
}

// exportRecord writes a record file and says where.
func exportRecord(c *Context, name, text string) (string, error) {
	dir := recordsDir(c)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	return path, store.WriteFile(path, []byte(text))
}

// listRecords lists the exported records, newest first.
func listRecords(c *Context) []string {
	ents, err := os.ReadDir(recordsDir(c))
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".txt") {
			out = append(out, filepath.Join(recordsDir(c), e.Name()))
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(out)))
	return out
}

// readRecord reads a record file.
func readRecord(path string) (string, error) {
	b, err := store.ReadFile(path, 1<<20)
	return string(b), err
}
