// Package layout is the geometry of the game screen: where the board, its
// 28 entry points, each seat's supply tray and score card, the status line
// and the menu sit, for any window size and device scale, landscape or
// portrait, and the hit tests that turn a pointer position into a cell, an
// entry point, a track or a button.
//
// It is pure arithmetic on float64 (no ebiten), so that pixels ↔ cells ↔
// entry points can be table-tested without a window.
//
// Two coordinate systems are used:
//
//   - Pixels: device pixels of the screen image (what LayoutF returns:
//     the window's logical size times the device scale). x grows to the
//     right, y downwards.
//   - Board units: one unit is one cell. The 7×7 cells span [0,7]×[0,7]
//     with (0,0) the top-left corner of a7 and y growing downwards, so the
//     centre of a square is (file+0.5, 6.5-rank). Entry points, trays and
//     everything else can be expressed in board units too (negative or
//     beyond 7). Animations keep positions in board units so that a window
//     resize in the middle of one stays right; Geometry.ToPixel maps them.
//
// Along a track it is handy to use the axial coordinate (Axial): the
// distance in cells from the entry cell's centre towards the inside of the
// board; the entry point is at -EntryOffset, a marble held outside touches
// the board edge at ContactEmpty and the marble on the entry cell at
// ContactOccupied.
package layout
