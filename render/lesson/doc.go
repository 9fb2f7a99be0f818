// Package lesson lays out the guided first game's panel (where the table
// leaves room for it, with the biggest text that fits, its buttons a
// finger's size) and paints the hand that points at what to do. It knows
// nothing of the lesson's steps: the game's scene gives it the text, the
// labels and the number of steps.
package lesson
