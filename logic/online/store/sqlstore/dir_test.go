//go:build !js

package sqlstore_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"shiftago/logic/online/store"
	"shiftago/logic/online/store/sqlstore"
)

// TestOpenDefault opens "" (what shiftago-server with no flags does):
// SQLite in the user's data folder, made private, in WAL mode.
func TestOpenDefault(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the folder layout checked here is Linux's")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_DATA_HOME", "")
	dir, err := store.DefaultDir()
	if want := filepath.Join(home, ".local", "share", "shiftago"); err != nil || dir != want {
		t.Fatalf("DefaultDir() = %q, %v; want %q", dir, err, want)
	}
	xdg := t.TempDir()
	t.Setenv("XDG_DATA_HOME", xdg)
	if dir, _ = store.DefaultDir(); dir != filepath.Join(xdg, "shiftago") {
		t.Fatalf("with XDG_DATA_HOME: %q", dir)
	}
	t.Setenv("XDG_DATA_HOME", "relative/not/allowed") // the XDG spec ignores relative paths
	if dir, _ = store.DefaultDir(); dir != filepath.Join(home, ".local", "share", "shiftago") {
		t.Fatalf("with a relative XDG_DATA_HOME: %q", dir)
	}

	s, err := sqlstore.Open(context.Background(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Engine() != store.EngineSQLite {
		t.Fatalf("engine %q", s.Engine())
	}
	fi, err := os.Stat(dir)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("data folder %s: %v, %v; want mode 0700", dir, fi.Mode(), err)
	}
	file := filepath.Join(dir, store.DBFile)
	if _, err := os.Stat(file); err != nil {
		t.Fatalf("no database file: %v", err)
	}
	var mode string
	if err := rawDB(t, file).QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode %q, %v; want wal", mode, err)
	}
}
