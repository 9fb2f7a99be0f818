package book

import "shiftago/logic"

// What the external tests (legal_test.go, gen_test.go) reach inside: they
// search with package ai, which imports this one, so they are package
// book_test.

// Sym is a symmetry of the board.
type Sym = sym

// NumSyms is the number of the board's symmetries.
const NumSyms = numSyms

// Canonical is the least of p's images and the symmetry that gives it.
func Canonical(p *logic.Position) (string, Sym) { return canonical(p) }

// Entries is the book, canonical position → entry point.
func Entries() map[string]logic.Entry { return parseBook(bookText()) }

// Move maps m through k.
func (k sym) Move(m logic.Move) logic.Move { return k.move(m) }

// Image is the position string of p's image under k.
func (k sym) Image(p *logic.Position) string { return k.image(p) }

// Inverse is the symmetry that undoes k.
func (k sym) Inverse() Sym { return symInv[k] }
