// Package ai is the computer opponent: a deterministic, steppable game-tree
// search over package logic's positions, for every variant and player
// count. It uses the standard library and package logic only, reads no
// clock and draws no global randomness: the same position, seed and level
// give the same move, however the search is sliced.
//
// # Search
//
// Two players: iterative deepening principal-variation alpha-beta
// (negamax) with a transposition table keyed by Position.Hash, the
// previous iteration's best move first at the root, TT move, killer moves
// and a history table below it, and late-move reductions. A scoring move
// in Expert and Extreme keeps the same player to move (an extra turn), so
// the value of a child is negated only when the side to move changes.
// Scoring choices are moves of their own (logic.Position.Moves), so the
// search chooses the line and the kept end like any other move.
//
// Three and four players: max^n by default (each seat picks the child best
// for itself, each seat's value being its own terms less its strongest
// rival's); a paranoid alpha-beta (the mover against a coalition of all
// the others) is kept as Config.Multi = Paranoid. Measured in the arena
// at level 5: max^n won 27 of 30 three-player games against two paranoid
// seats; against two greedy seats max^n won 97 of 100 (1 draw), paranoid
// 42 of 60: paranoid thinks itself lost early and then plays as if at
// random. Four players against three greedy seats is harder: max^n won 17,
// drew 21 and lost 7 of 45 (the board fills before anyone has four in a
// row), paranoid 17-36-7 of 60, and max^n cut to a beam of 6 moves below
// the root 21-14-5 of 40 (not significantly better, so not the default).
//
// # Evaluation
//
// For each seat: every window of the winning length (5 with two players,
// 4 with more) on a rank, file or diagonal that holds no other colour is
// worth more the more of the seat's marbles it holds; the exact number of
// entry points at which one insertion would complete a winning run is
// computed with bitboard pushes (a cheap filter finds the few candidate
// entry points: after a push only one track has changed, so a new run
// crosses it in one cell next to n−1 marbles already there, or lies along
// it); in Expert and Extreme, points, and the points the seat could score
// at once. A side to move that wins with one insertion is scored as a
// near-win, which works as a one-ply quiescence search.
//
// # Tactics
//
// Above Beginner, the root takes a win in one (in Expert and Extreme a
// scoring move that reaches 10 points), and keeps only the moves after
// which the next player has no win in one, when there are such moves.
//
// # Levels
//
// A level is a node budget (deterministic, unlike a time limit), a depth
// cap and root noise: each root move's value gets a seeded offset in
// ±noise evaluation units (a free window with four of one's five marbles
// is worth 48).
//
//	level  name         nodes      depth  noise  tactics  evaluation
//	1      Beginner     400        1      ±120   no       windows only: blind to push threats
//	2      Casual       4 000      3      ±40    yes      full
//	3      Club         40 000     -      ±12    yes      full
//	4      Master       250 000    -      ±2     yes      full
//	5      Grandmaster  1 000 000  -      ±1     yes      full
//
// Grandmaster's million nodes take 0.4 to 0.9 s on one core of the
// development machine (BenchmarkGrandmaster*), so it answers within a
// second; in the browser it keeps the same budget, stepped from the frame
// loop.
//
// # Stepping
//
// A Search runs as a coroutine (iter.Pull) that pauses every slice of
// nodes: Step(n) does about n nodes and returns, so a browser frame never
// stalls; Best is always a legal move. Time limits belong to the caller,
// which steps the search and reads the clock between slices.
package ai
