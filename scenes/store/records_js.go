//go:build js

package store

import (
	"errors"
	"syscall/js"

	"shiftago/logic/record"
)

// ExportRecord offers the record as a download and copies it to the
// clipboard.
func ExportRecord(st Store, name, text string) (where string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("the browser refused the download")
		}
	}()
	doc := js.Global().Get("document")
	blob := js.Global().Get("Blob").New([]any{text}, map[string]any{"type": "text/plain"})
	url := js.Global().Get("URL").Call("createObjectURL", blob)
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	js.Global().Get("URL").Call("revokeObjectURL", url)
	if cb := js.Global().Get("navigator").Get("clipboard"); !cb.IsUndefined() {
		cb.Call("writeText", text)
	}
	return name, nil
}

// ListRecords: the browser keeps no folder of records.
func ListRecords(st Store) []string { return nil }

// ReadRecord: the browser has no files to read by name.
func ReadRecord(path string) (*record.Record, error) {
	return nil, errors.New("no files in the browser")
}

// readRecordAt: dropped files in the browser have no real path.
func readRecordAt(path string) (*record.Record, error) { return ReadRecord(path) }
