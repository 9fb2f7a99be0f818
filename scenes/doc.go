// Package scenes is the game as the player meets it: the title and setup
// screen, the game itself and the result, run by a small scene manager
// around one Context (no globals). Scenes read input once per tick through
// an input source (the real mouse, touch and keyboard, or a script in
// tests), drive the rules engine and the AI, and hand what to draw to
// package render.
package scenes
