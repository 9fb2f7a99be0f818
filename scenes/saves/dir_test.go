//go:build !js

package saves

import (
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
