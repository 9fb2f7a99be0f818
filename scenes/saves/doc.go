// Package saves keeps the game's files: the game in progress, the
// settings, exported records, and the history of games played (history.go:
// each kept game's record, and one index a line a game that the records
// screen reads a few lines a frame; the browser keeps the newest 200). On the desktop they live in the user's
// configuration directory, each written atomically (a temporary file,
// synced, renamed) with the previous version kept as a backup; in the
// browser they live in localStorage. When storage is unavailable (blocked
// site data, no HOME) Open gives a Memory store: the game says so and
// keeps its files for the session only.
//
// The save file's format is here too (save.go): versioned, checked, and
// never trusted. A damaged, truncated, foreign or future-version save is
// refused with a reason, kept aside, and never silently overwritten.
// Files are read only when Stat says they are regular and small enough
// (read.go): a FIFO or a device never hangs the game.
//
// The package knows nothing of ebiten: it is tested and fuzzed without a
// window.
package saves
