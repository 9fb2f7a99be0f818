//go:build js

package saves

import (
	"errors"
	"fmt"
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

// CanPickRecord reports whether PickRecord can ask for a file: in a page,
// where a phone or tablet has no window to drop a file onto.
func CanPickRecord() bool {
	doc := js.Global().Get("document")
	return doc.Type() == js.TypeObject && doc.Get("createElement").Type() == js.TypeFunction
}

// PickRecord opens the system's file chooser for one record file. Called
// from the frame in which a tap ended: a browser shows a chooser only
// within moments of a real press (its transient activation), and a frame
// comes well within them. When the player chooses a file, how to load it
// (off the frame loop, as DroppedRecord's) comes on the channel; a
// chooser dismissed closes it, and a browser that does not say so leaves
// it open, which costs nothing. A file larger than any game is refused
// unread, and no more than MaxRecord+1 bytes of any file are read.
func PickRecord() <-chan func() (*record.Record, error) {
	ch := make(chan func() (*record.Record, error), 1)
	defer func() {
		// Without a document or a chooser the tap does nothing, rather
		// than stopping the game.
		if r := recover(); r != nil {
			ch <- func() (*record.Record, error) { return nil, errors.New("the browser refused to open a file") }
		}
	}()
	doc := js.Global().Get("document")
	in := doc.Call("createElement", "input")
	in.Set("type", "file")
	in.Set("accept", ".txt,text/plain")
	in.Get("style").Set("display", "none")
	var onChange, onCancel, onText, onFail js.Func
	done := func() {
		in.Call("removeEventListener", "change", onChange)
		in.Call("removeEventListener", "cancel", onCancel)
		in.Call("remove")
		onChange.Release()
		onCancel.Release()
	}
	send := func(load func() (*record.Record, error)) {
		select {
		case ch <- load:
		default:
		}
	}
	onCancel = js.FuncOf(func(js.Value, []js.Value) any {
		done()
		close(ch)
		return nil
	})
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		files := in.Get("files")
		done()
		if files.IsNull() || files.Get("length").Int() == 0 {
			close(ch)
			return nil
		}
		f := files.Index(0)
		name := f.Get("name").String()
		if size := int64(f.Get("size").Float()); size > MaxRecord {
			send(func() (*record.Record, error) {
				return nil, oneLine(fmt.Errorf("%s: %w (%d bytes)", name, ErrTooLarge, size))
			})
			return nil
		}
		// The promise settles on the page's event loop; the text is
		// parsed by the loader, off the frame loop.
		onText = js.FuncOf(func(_ js.Value, args []js.Value) any {
			onText.Release()
			onFail.Release()
			text := args[0].String()
			send(func() (*record.Record, error) {
				if len(text) > MaxRecord {
					return nil, oneLine(fmt.Errorf("%s: %w", name, ErrTooLarge))
				}
				rec, err := record.Parse(text)
				if err != nil {
					return nil, oneLine(err)
				}
				return rec, nil
			})
			return nil
		})
		onFail = js.FuncOf(func(_ js.Value, args []js.Value) any {
			onText.Release()
			onFail.Release()
			why := "unreadable"
			if len(args) > 0 && args[0].Type() == js.TypeObject && args[0].Get("message").Type() == js.TypeString {
				why = args[0].Get("message").String()
			}
			send(func() (*record.Record, error) { return nil, oneLine(fmt.Errorf("%s: %s", name, why)) })
			return nil
		})
		f.Call("slice", 0, MaxRecord+1).Call("text").Call("then", onText, onFail)
		return nil
	})
	in.Call("addEventListener", "change", onChange)
	in.Call("addEventListener", "cancel", onCancel)
	// In the document, as Safari wants a file input to be to open it.
	doc.Get("body").Call("appendChild", in)
	in.Call("click")
	return ch
}
