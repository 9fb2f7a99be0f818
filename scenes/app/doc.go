// Package app is the game's shell: the ebiten.Game, the Scene interface,
// the small Context every screen shares, and the stack of screens (push,
// pop, replace; a screen just opened is updated before it is drawn). It
// autosaves whichever screen holds a game, and answers the browser page's
// API, both through small interfaces the screens implement; it never
// names a concrete screen. The screens themselves are built by functions
// that main hands it (Screens), so no screen package imports another.
package app
