// Package input is where the game meets its devices: once a tick the
// mouse, the touch screen (in the browser, the page's own touch queue,
// so no tap is lost between ticks) and the keyboard, modifiers included,
// are read into one Input snapshot that every screen reads. Tests drive
// the game through an inputtest.Script instead; gesture (below) turns
// pointer and keys into the player's intent on the board.
package input
