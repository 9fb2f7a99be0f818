//go:build !js

package keep

import (
	"testing"

	"shiftago/scenes/saves"
)

// BenchmarkSaveRequest is what a frame pays to save a move: the snapshot
// and the hand-over, on the desktop's real store (a directory, each save
// synced). The frame measured here never touches the disk: compare
// BenchmarkSaveInline, the same save written in the frame as before.
func BenchmarkSaveRequest(b *testing.B) {
	benchSave(b, true)
}

// BenchmarkSaveInline writes the save in the frame (the browser's way,
// and the desktop's before the writer).
func BenchmarkSaveInline(b *testing.B) {
	benchSave(b, false)
}

func benchSave(b *testing.B, background bool) {
	st := saves.OpenDir(b.TempDir())
	k := New(Config{Store: st, Background: background, Decode: decode})
	defer k.Close()
	s := newSession(b)
	for range 10 {
		playOne(b, s)
	}
	k.Autosave(s)
	k.Flush()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.M.Version++ // as a move and its undo would: the game changed
		k.Autosave(s)
	}
	b.StopTimer()
	k.Flush()
}
