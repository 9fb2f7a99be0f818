// Package app is the game's shell: the ebiten.Game, the Scene interface,
// the small Context every screen shares, and the stack of screens (push,
// pop, replace; a screen just opened is updated before it is drawn). It
// autosaves whichever screen holds a game, and answers the browser page's
// API, both through small interfaces the screens implement; it never
// names a concrete screen. The screens themselves are built by functions
// that main hands it (Screens), so no screen package imports another.
//
// It also keeps the save safe from the game itself: a game started by the
// options keeps the one in progress aside (autosave.go), and one copy of
// the game at a time writes the save (owner.go: an owner record with a
// heartbeat; a second window or tab asks before writing).
package app
