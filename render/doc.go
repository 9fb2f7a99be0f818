// Package render draws the game: the board carved and lit once per size
// into a texture (board.go, paint.go), the table top and the seats'
// wooden cards with their carved supply trays likewise (furniture.go,
// tray.go), the opal marbles shaded by a Kage shader (marble_shader.go)
// whose resting marbles are baked into one texture and copied, with a CPU
// mirror of it (marble_paint.go), all lit by one light over the table
// (light.go), the pages' table top (one for the whole screen, continued
// under a notch), the buttons' brass and ebony plates and the panels'
// brass-rimmed inlay (plates.go), the text (etxt), the interface's one
// palette (palette.go) and the themes (theme.go: the board, the marbles,
// the marks and the pages as one value, Walnut, Classic and the
// colour-blind-safe marks, which every cache keys on). It reads the rules
// (package logic) and never changes them.
// Its rooms: layout (pixels ↔ cells ↔ entry points, no ebiten), motion
// (the physics-style animation of a move, no ebiten), view (the board as
// every screen shows it) and ui (the shared widgets).
package render
