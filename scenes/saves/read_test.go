//go:build !js

package saves

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"testing/fstest"
	"time"
)

const goodRecord = "Shiftago record 1\nVariant: expert\nSeats: orange human, green computer 3\nHandicap: 0, 0\nStarter: orange\nDate: 2026-03-01\n\n1. W4\n2. Nd\n3. W3\n"

// TestReadOnlyRegularFiles: a record listed or dropped, and the save
// itself, are read only if Stat says they are regular files within the
// cap; a FIFO is never opened (opening one blocks until a writer comes:
// the test would hang), a link to /dev/zero never read (issue 12).
func TestReadOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.txt", []byte(goodRecord))
	big := write("big.txt", []byte(goodRecord+strings.Repeat("\n", MaxRecord)))
	fifo := filepath.Join(dir, "fifo.txt")
	if runtime.GOOS != "windows" {
		if err := syscall.Mkfifo(fifo, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	zero := filepath.Join(dir, "zero.txt")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skip(err)
	}
	if _, err := ReadRecord(good); err != nil {
		t.Errorf("a good record: %v", err)
	}
	for _, tc := range []struct {
		path string
		want error
	}{
		{big, ErrTooLarge},
		{fifo, ErrNotRegular},
		{zero, ErrNotRegular},
		{dir, ErrNotRegular},
	} {
		done := make(chan error, 1)
		go func() { _, err := ReadRecord(tc.path); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), tc.want.Error()) {
				t.Errorf("%s: %v, want %v", filepath.Base(tc.path), err, tc.want)
			}
		case <-time.After(10 * time.Second): // a hang is the failure; no timing is measured
			t.Fatalf("%s: reading it hangs", filepath.Base(tc.path))
		}
	}
	// The save: a FIFO or /dev/zero as game.json is refused at once.
	for _, target := range []string{fifo, "/dev/zero"} {
		d := &Dir{Path: t.TempDir()}
		if err := os.Symlink(target, d.file("game")); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { _, err := d.Read("game"); done <- err }()
		select {
		case err := <-done:
			if !errors.Is(err, ErrNotRegular) {
				t.Errorf("game.json → %s: %v, want %v", target, err, ErrNotRegular)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("game.json → %s: reading it hangs", target)
		}
	}
}

// TestOpenDirCleansTemp: temporary files a cut-short write left behind
// go at the next start, unless they are recent (another window may be
// writing); the save, its backup and other files stay.
func TestOpenDirCleansTemp(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	files := map[string]bool{ // name: should remain
		".game-123.tmp":       false,
		"game.json.bak.tmp":   false,
		".backup-9.tmp":       false,
		".game-new.tmp":       true, // recent
		"game.json":           true,
		"game.json.bak":       true,
		"notes.tmp":           true, // not ours
		"game.damaged-1.json": true,
	}
	for n := range files {
		p := filepath.Join(dir, n)
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if n != ".game-new.tmp" {
			os.Chtimes(p, old, old)
		}
	}
	OpenDir(dir)
	for n, keep := range files {
		_, err := os.Stat(filepath.Join(dir, n))
		if (err == nil) != keep {
			t.Errorf("%s: remains %v, want %v", n, err == nil, keep)
		}
	}
}

// TestWriteNoBackupAndNames: a write that must not rotate leaves the
// backup alone; Names lists kept games, never backups or damaged files.
func TestWriteNoBackupAndNames(t *testing.T) {
	for _, st := range []Store{&Memory{}, &Dir{Path: t.TempDir()}} {
		st.Write("game", []byte("good"))
		st.Write("game", []byte("damaged"))
		if err := st.WriteNoBackup("game", []byte("new")); err != nil {
			t.Fatal(err)
		}
		bak, _ := st.ReadBackup("game")
		cur, _ := st.Read("game")
		if string(bak) != "good" || string(cur) != "new" {
			t.Errorf("%T: game %q backup %q, want new and good", st, cur, bak)
		}
		st.WriteNoBackup("kept-2", []byte("b"))
		st.WriteNoBackup("kept-1", []byte("a"))
		st.Write("kept-1", []byte("a2"))
		st.PutAside("game")
		if got := strings.Join(st.Names("kept-"), " "); got != "kept-1 kept-2" {
			t.Errorf("%T: Names(kept-) = %q", st, got)
		}
	}
}

// FuzzLoadRecord: whatever a dropped file holds, the loader never
// panics, refuses anything over the cap, answers a one-line error of
// bounded length, and what it accepts is a record that writes back as
// itself.
func FuzzLoadRecord(f *testing.F) {
	f.Add([]byte(goodRecord))
	f.Add([]byte("Shiftago record 1\nVariant: express\n\n1. W4\n"))
	f.Add([]byte(""))
	f.Add([]byte{0xff, 0, '\n'})
	f.Fuzz(func(t *testing.T, data []byte) {
		rec, err := LoadRecord(fstest.MapFS{"r.txt": {Data: data}}, "r.txt")
		if err != nil {
			if rec != nil {
				t.Fatal("a record and an error")
			}
			msg := err.Error()
			if strings.ContainsAny(msg, "\n\r") || len([]rune(msg)) > maxMessage+1 {
				t.Fatalf("error not one short line: %q", msg)
			}
			return
		}
		if len(data) > MaxRecord {
			t.Fatalf("accepted %d bytes, over the cap", len(data))
		}
		again, err := LoadRecord(fstest.MapFS{"r.txt": {Data: []byte(rec.String())}}, "r.txt")
		if err != nil {
			t.Fatalf("the record written back is refused: %v\n%s", err, rec.String())
		}
		if again.String() != rec.String() {
			t.Fatalf("round trip changed the record:\n%s\n---\n%s", rec.String(), again.String())
		}
	})
}

// absFS lists a real folder as ebiten's desktop drop does (entries that
// know their real path) and fails the test if anything is opened
// through it: a FIFO must be refused from the listing alone.
type absFS struct {
	t   *testing.T
	dir string
}

type absEntry struct {
	os.DirEntry
	abs string
}

func (e absEntry) AbsPath() string { return e.abs }

func (a absFS) Open(name string) (fs.File, error) {
	a.t.Errorf("%s was opened through the dropped file system", name)
	return nil, fs.ErrPermission
}

func (a absFS) ReadDir(name string) ([]fs.DirEntry, error) {
	ents, err := os.ReadDir(a.dir)
	out := make([]fs.DirEntry, len(ents))
	for i, e := range ents {
		out[i] = absEntry{e, filepath.Join(a.dir, e.Name())}
	}
	return out, err
}

// TestDroppedRecord: a dropped FIFO, a huge file or a good record, as
// the desktop drops them; nothing is opened before the listing says it
// is a regular file of a record's size.
func TestDroppedRecord(t *testing.T) {
	for _, tc := range []struct {
		make func(p string) error
		want error
	}{
		{func(p string) error { return syscall.Mkfifo(p, 0o644) }, ErrNotRegular},
		{func(p string) error { return os.WriteFile(p, make([]byte, MaxRecord+1), 0o644) }, ErrTooLarge},
		{func(p string) error { return os.WriteFile(p, []byte(goodRecord), 0o644) }, nil},
	} {
		dir := t.TempDir()
		if err := tc.make(filepath.Join(dir, "dropped.txt")); err != nil {
			t.Skip(err)
		}
		for _, fsys := range []fs.FS{absFS{t, dir}, os.DirFS(dir)} {
			load, ok := DroppedRecord(fsys)
			if !ok {
				t.Fatal("nothing found")
			}
			rec, err := load()
			if (tc.want == nil) != (err == nil) || (tc.want != nil && !errors.Is(err, tc.want) && !strings.Contains(err.Error(), tc.want.Error())) {
				t.Errorf("%T: %v, want %v", fsys, err, tc.want)
			}
			if tc.want == nil && (rec == nil || len(rec.Moves) != 3) {
				t.Errorf("%T: record %v", fsys, rec)
			}
		}
	}
	if _, ok := DroppedRecord(absFS{t, t.TempDir()}); ok {
		t.Error("an empty drop found a file")
	}
}
