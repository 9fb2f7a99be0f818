// Package marbletest is the marble shader's CPU mirror (render/sprites
// shades the opal marbles on the GPU with a Kage shader): the same
// Fragment, line for line, in Go. It is a reference for tests, never
// linked into the game: render/sprites checks its shader against it, and
// the screens' tests read the colour a marble of each colour shows.
package marbletest
