// Package app is the game's shell: the ebiten.Game, the Scene interface,
// the small Context every screen shares, and the stack of screens (push,
// pop, replace; a screen just opened is updated before it is drawn). It
// autosaves whichever screen holds a game, and answers the browser page's
// API, both through small interfaces the screens implement; it never
// names a concrete screen. The screens themselves are built by functions
// that main hands it (Screens), so no screen package imports another.
//
// The save policy is scenes/keep's (window-free: when to save, kept
// games, the history, the owner record and its heartbeat, all written
// off the frame on the desktop); the shell asks it once a tick and says
// on screen what it did (saves.go).
package app
