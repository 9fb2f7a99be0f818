// Package sprites draws what is drawn on the GPU many times a frame, at
// one marble size: the opal marbles, shaded by a Kage shader
// (marble_shader.go) and, at rest, baked into one texture and copied;
// the one light over the table they are lit by (light.go); the rings,
// glows and discs tinted as they are drawn, the panels' nine slices
// (sprites.go), the buttons' brass and ebony plates, the panels'
// brass-rimmed inlay and the pages' table top, one for the whole screen,
// continued under a notch (plates.go). Sprites holds them all, painted
// once per size (the CPU pictures come from package render) and
// repainted only when the size or the theme changes. The shader's CPU
// mirror, its reference in tests, is marbletest.
package sprites
