// Package naive is a deliberately simple second implementation of the
// Shiftago rules (logic/RULES.md). It exists only to cross-check the
// fast engine in package logic: it is written for clarity, not speed, and
// imports nothing from the project. Positions go in and out as §10 strings
// and moves as §5 notation, so the two engines can be compared by text.
package naive
