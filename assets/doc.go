// Package assets holds what the game shows and plays that is not code of
// the rules: the embedded fonts and the sounds, synthesized in Go when the
// game starts. It knows nothing of the rules and nothing of ebiten, so its
// sounds can be checked by plain tests.
package assets
