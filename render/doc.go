// Package render draws the game: the board and the marbles painted once
// per size into textures (paint.go, marble_paint.go) and drawn as
// sprites, the text (etxt), and the interface's one palette. It reads the
// rules (package logic) and never changes them. Its rooms: layout (pixels
// ↔ cells ↔ entry points, no ebiten), motion (the physics-style animation
// of a move, no ebiten), view (the board as every screen shows it) and ui
// (the shared widgets).
package render
