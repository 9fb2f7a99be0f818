//go:build !js

package saves

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDirWriteKeepsBackup(t *testing.T) {
	d := &Dir{Path: filepath.Join(t.TempDir(), "cfg")}
	if _, err := d.Read("game"); !IsNotExist(err) {
		t.Fatalf("read before any write: %v", err)
	}
	for _, s := range []string{"one", "two", "three"} {
		if err := d.Write("game", []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	cur, _ := d.Read("game")
	bak, _ := d.ReadBackup("game")
	if string(cur) != "three" || string(bak) != "two" {
		t.Fatalf("current %q backup %q, want three and two", cur, bak)
	}
	where, err := d.PutAside("game")
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(where); string(b) != "three" {
		t.Fatalf("put aside %q holds %q", where, b)
	}
	if _, err := d.Read("game"); !IsNotExist(err) {
		t.Fatal("the save is still there after PutAside")
	}
	// A second bad save is put aside beside the first, not over it.
	d.Write("game", []byte("four"))
	where2, err := d.PutAside("game")
	if err != nil || where2 == where {
		t.Fatalf("second put-aside %q (%v) overwrote %q", where2, err, where)
	}
	ents, _ := os.ReadDir(d.Path)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

// TestOpenWithoutHomeKeepsInMemory: with nowhere to keep files (no
// HOME, as a browser refusing site data has no localStorage), Open says
// so and still gives a store, in memory, that keeps the session's files
// (written, read back, listed, with their backup).
func TestOpenWithoutHomeKeepsInMemory(t *testing.T) {
	t.Setenv("HOME", "")
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("AppData", "")
	st, err := Open()
	if !errors.Is(err, ErrUnavailable) {
		t.Fatalf("Open without HOME: %v, want ErrUnavailable", err)
	}
	if _, ok := st.(*Memory); !ok {
		t.Fatalf("Open without HOME gave %T, want the session's Memory store", st)
	}
	for _, s := range []string{"one", "two"} {
		if err := st.Write("game", []byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	b, err := st.Read("game")
	bak, _ := st.ReadBackup("game")
	if err != nil || string(b) != "two" || string(bak) != "one" {
		t.Fatalf("read %q (%v), backup %q", b, err, bak)
	}
	if names := st.Names("ga"); len(names) != 1 || names[0] != "game" {
		t.Errorf("names %q", names)
	}
}
