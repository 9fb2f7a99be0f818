// Package sound plays the game's synthesized sounds (package assets makes
// them) through one audio context, with a volume and a mute. It asks for
// a sound device before it opens the context: without one the game plays
// on silently and says so, never dies.
package sound
