// Package eval is the AI's evaluation of a position and its tactical
// questions: the bitboard tools that find the entry points at which one
// insertion completes a run (bits.go), and the Evaluator a search embeds,
// which scores a position for the side to move and answers whether a seat
// wins with its next insertion. It uses the standard library and package
// logic only.
//
// The evaluation serves the alpha-beta searches (two players, and the
// multi-player alternatives). For each seat: every window of the winning
// length (5 with two players, 4 with more) on a rank, file or diagonal that
// holds no other colour is worth more the more of the seat's marbles it
// holds; the exact number of entry points at which one insertion would
// complete a winning run is computed with bitboard pushes (a cheap filter
// finds the few candidate entry points: after a push only one track has
// changed, so a new run crosses it in one cell next to n−1 marbles already
// there, or lies along it); in Expert and Extreme, points, and the points
// the seat could score at once. A side to move that wins with one insertion
// is scored as a near-win, which works as a one-ply quiescence search.
//
// The two-player Grandmaster weighs these terms with weights fitted on
// self-play positions (Tuned, one set for Express and one for
// Expert; Extreme and the other levels keep the hand-set ones, so the
// ladder's measured steps stand): a Texel fit, the logistic regression of
// each quiet position's final result on the evaluation's terms
// (logic/ai's texel_test.go; the data, 6 positions from each of 3000 games
// of level 3
// at 6000 nodes, is in logic/ai/testdata). The terms are the same, only their
// weights differ, so the evaluation costs what it did.
package eval
