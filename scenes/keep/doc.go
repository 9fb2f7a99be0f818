// Package keep is the save policy of one copy of the game: when the game
// in progress is saved (after every change to its moves), the games kept
// aside unfinished, the history entry of a game that ends or is
// abandoned, the moves log of --record, and the owner record whose
// heartbeat stops two copies (two windows, two tabs) writing the same
// save.
//
// The frame never waits for a disk. It hands the Keeper a snapshot (a
// copy of the record, never the live session), and one writer goroutine
// writes it (writer.go): only the newest pending save is written, history
// entries and log lines in order, the heartbeat once however many beats
// were asked for. Flush waits until everything asked for is written; the
// shell calls it before quitting, when the process is told to end, and
// before any step that reads the save back. A write that fails is told
// to the frame (Events) and said on screen as before.
//
// In the browser localStorage is quick and synchronous, and a tab may be
// frozen at any moment: there the Keeper writes inline, in the frame, as
// it did before it had a writer (Config.Background false).
//
// The package knows nothing of ebiten (scenes/saves, scenes/play and the
// rules only): its tests run without a window, and it builds for js/wasm.
package keep
