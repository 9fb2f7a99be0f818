// Package ui is the interface's shared widgets, drawn with package
// render: buttons (plates set into the table, see render.Plate) that a tap (a press and a release on the same button,
// held any number of ticks) activates, wrapped text, static labels, the
// notice over any screen, and the one interface unit every screen sizes
// its controls by. Actions are typed per screen (Buttons[A]), never
// numbered by hand.
package ui
