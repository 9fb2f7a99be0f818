// Package render paints the wood: the board carved and lit once per size
// into a texture (board.go, paint.go), the table top and the seats'
// wooden cards with their carved supply trays likewise (furniture.go,
// tray.go), painted on the CPU in slices a frame can afford and uploaded
// in bands (slice.go, upload.go); the small white sprites the marbles'
// room tints (radial.go: rings, glows, discs; symbols.go: the marks on
// colour-blind-safe marbles); the text (etxt, text.go); the interface's
// one palette (palette.go) and the themes (theme.go: the board, the
// marbles, the marks and the pages as one value, Walnut, Classic and the
// colour-blind-safe marks, which every cache keys on). It reads the
// rules (package logic) and never changes them.
// Its rooms: layout (pixels ↔ cells ↔ entry points, no ebiten), motion
// (the physics-style animation of a move, no ebiten), sprites (the opal
// marbles' glass, the buttons' plates, the panels and the pages' table
// top), view (the board as every screen shows it), ui (the shared
// widgets), lesson (the guided game's panel and hand), and for tests
// only drawtest (their game loop) and sprites/marbletest (the marble
// shader's CPU mirror).
package render
