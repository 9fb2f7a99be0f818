// Package book is the Grandmaster's opening book: its first moves of a
// two-player game, searched offline with many times a move's budget
// (<variant>.txt, written by gen_test.go's TestGenerateBook -genbook):
// every position of the first two plies and the lines the book itself
// plays from there. The board has the eight symmetries of a square, and a
// position and its mirror images have the same best move, mirrored; so
// the book keeps each position once, in its canonical form (the least of
// its eight position strings), and a lookup maps the position there and
// the book's move back. It uses the standard library and package logic
// only; package ai consults it (Config.NoBook keeps it out).
package book
