package saves

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"shiftago/logic/record"
)

// MaxRecord bounds a record file: a whole game is a few kilobytes.
const MaxRecord = 256 << 10

// ErrNotRegular refuses a file that is not a regular file: a FIFO, a
// device, a directory.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge refuses a file larger than its kind ever is.
var ErrTooLarge = errors.New("far larger than any game")

// readFS reads name from fsys if Stat says it is a regular file of at
// most max bytes; it opens nothing else. The size is checked again
// while reading, for a file that grows meanwhile.
func readFS(fsys fs.FS, name string, max int64) ([]byte, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: %w", name, ErrNotRegular)
	}
	if info.Size() > max {
		return nil, fmt.Errorf("%s: %w (%d bytes)", name, ErrTooLarge, info.Size())
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s: %w", name, ErrTooLarge)
	}
	return b, nil
}

// LoadRecord reads and checks the record file name in fsys (a dropped
// file, or one listed in the records folder): a regular file of at most
// MaxRecord bytes that parses as a record. It never blocks on a special
// file and never reads more than the cap. The error is one line.
func LoadRecord(fsys fs.FS, name string) (*record.Record, error) {
	b, err := readFS(fsys, name, MaxRecord)
	if err != nil {
		return nil, oneLine(err)
	}
	rec, err := record.Parse(string(b))
	if err != nil {
		return nil, oneLine(err)
	}
	return rec, nil
}

// DroppedRecord finds the first file of a dropped file system (ebiten
// gives a folder of the dropped files) and returns how to load it, to run
// off the frame loop; ok is false when nothing but folders was dropped.
// What the listing already knows is checked before anything is opened:
// ebiten's desktop file system has no Stat of its own, and the Stat that
// io/fs falls back on opens the file, which blocks for a FIFO. So a file
// with a real path (AbsPath, on the desktop) is read through ReadRecord,
// which asks the operating system first.
func DroppedRecord(fsys fs.FS) (load func() (*record.Record, error), ok bool) {
	ents, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, false
	}
	for _, e := range ents {
		if e.IsDir() {
			continue
		}
		name := e.Name()
		if info, err := e.Info(); err == nil {
			if !info.Mode().IsRegular() {
				return func() (*record.Record, error) { return nil, fmt.Errorf("%s: %w", name, ErrNotRegular) }, true
			}
			if info.Size() > MaxRecord {
				return func() (*record.Record, error) { return nil, fmt.Errorf("%s: %w", name, ErrTooLarge) }, true
			}
		}
		if a, ok := e.(interface{ AbsPath() string }); ok && a.AbsPath() != "" {
			abs := a.AbsPath()
			return func() (*record.Record, error) { return readRecordAt(abs) }, true
		}
		return func() (*record.Record, error) { return LoadRecord(fsys, name) }, true
	}
	return nil, false
}

// maxMessage bounds an error shown to the player: a record's line may be
// anything, megabytes long.
const maxMessage = 200

func oneLine(err error) error {
	s := strings.Join(strings.Fields(err.Error()), " ")
	if r := []rune(s); len(r) > maxMessage {
		s = string(r[:maxMessage]) + "…"
	}
	return errors.New(s)
}
