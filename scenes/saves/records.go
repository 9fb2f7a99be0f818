//go:build !js

package saves

import (
	"shiftago/logic/record"

	"os"
	"path/filepath"
	"sort"
	"strings"
)

// recordsDir is where exported records go: "records" beside the save.
func recordsDir(st Store) string {
	if d, ok := st.(*Dir); ok {
		return filepath.Join(d.Path, "records")
	}
	dir, err := os.UserConfigDir()
	if err != nil {
		return "."
	}
	return filepath.Join(dir, "shiftago", "records")
}

// ExportRecord writes a record file named name and says where it went.
func ExportRecord(st Store, name, text string) (string, error) {
	dir := recordsDir(st)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	return path, WriteFile(path, []byte(text))
}

// CanPickRecord reports whether PickRecord can ask for a file: only a
// page can (a desktop lists its records folder, and takes a dropped file).
func CanPickRecord() bool { return false }

// PickRecord has no chooser to open here: it returns nil, a channel that
// never delivers.
func PickRecord() <-chan func() (*record.Record, error) { return nil }

// ListRecords lists the exported records, newest first.
func ListRecords(st Store) []string {
	dir := recordsDir(st)
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".txt") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(out)))
	return out
}

// ReadRecord reads and checks a record file: a regular file of at
// most MaxRecord bytes (LoadRecord).
func ReadRecord(path string) (*record.Record, error) {
	return LoadRecord(os.DirFS(filepath.Dir(path)), filepath.Base(path))
}

// readRecordAt reads a dropped file by its real path.
func readRecordAt(path string) (*record.Record, error) { return ReadRecord(path) }
