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
// and a history table below it, and late-move reductions (the lower
// levels a ply or two; the Grandmaster ln(depth)·ln(i) plies, but never a
// move that makes a threat: about a ply deeper at equal nodes). Where the
// side to move has a win in one, the Grandmaster's inner nodes answer at
// once, as a leaf does, instead of searching the other moves first. A
// scoring move in Expert and Extreme keeps the same player to move (an
// extra turn), so the value of a child is negated only when the side to
// move changes.
// Scoring choices are moves of their own (logic.Position.Moves), so the
// search chooses the line and the kept end like any other move.
//
// Three and four players: Monte-Carlo tree search (UCT), each node keeping
// the rewards of the seat whose move led to it, so that every seat picks
// what is best for itself (max^n back-up). A playout lets every seat take a
// win in one, else (Expert, Extreme) score the most points it can, else play
// a random move that leaves the next seat no win in one: a fair model of a
// real table, where the seat before a threat blocks it and the others get on
// with their own game. A node is expanded on its second visit into its
// moves, reduced to the winning move when there is one, else to the moves
// that leave the next seat no win in one. The most visited root move is
// played.
//
// Measured in the arena at level 5 against greedy seats, in four-player
// Express: max^n won 17 and drew 21 of 45 games, because it assumes that all
// three opponents stop every threat, so that no plan of its own can work;
// best-reply search (Schadd and Winands: only the opponent whose reply hurts
// most moves, the others pass; Config.Multi = BestReply) won 28 of 40,
// believing in plans that the other opponents' pushes wreck; the tree search
// won 195 of 200 (4 draws, 1 loss), and all 50 games of each of Expert and
// Extreme with three and with four players. Max^n, paranoid and best-reply
// search stay selectable for the arena (level=5/maxn and so on);
// head-to-head figures are in README.md.
//
// # Parallel search
//
// Config.Workers runs several searches of the root side by side, each with
// the level's whole node budget (DefaultWorkers: every core of a desktop,
// one in the browser). Two players: lazy SMP, the workers sharing one
// transposition table, the helpers with their root moves in another order
// and every other one an iteration ahead; the move is that of the worker
// that completed the deepest iteration. Three and four players: one tree
// per worker, each with its own seed, and the root move with the most
// visits over all the trees is played. The workers run in epochs of 8192
// nodes and the table is merged between epochs, in worker order, so the
// move depends on the worker count but not on timing, cores or slicing; in
// the browser the workers take turns on one goroutine and play the same
// move (parallel.go). Reference is today's one-worker Grandmaster without
// the book, the tuned weights and the endgame solver (Config.Frozen), kept
// for the arena (ref) and pinned by a test.
//
// Measured in two-player Express on two busy cores: two workers run 1.6
// times the nodes per second of one and complete 0.4 ply more at the same
// budget per worker; the Grandmaster with two workers and the book scored
// 103–1–96 against Reference (200 games, +12 ± 48 Elo): no clear gain, the
// first move deciding most games (the first seat won 75% of them). With
// the tuned weights and the endgame solver (below), one worker and the
// book against Reference at equal nodes (250 000 a move, 200 games each,
// openings paired): +47 ± 41 Elo in Express, +238 ± 62 in Expert. See
// README.md.
//
// # Opening book and evaluation
//
// With two players the Grandmaster plays the first moves from a book
// searched offline (package logic/ai/book), unless Config.NoBook. The
// evaluation that the alpha-beta searches call at their leaves, and the
// tactical questions every search asks (does a seat win with one
// insertion?), are package logic/ai/eval's: a searcher embeds its
// eval.Evaluator.
//
// # Endgame solver
//
// Where the game can last at most 20 more plies by the supplies or the
// empty cells, the two-player Grandmaster first spends up to half its
// budget on a proof search (solve.go): "does the side to move force a win
// within d plies?", deepened over d, every node decided by its first
// refutation, proofs kept in a table of their own. A root move proven to
// win is played at once (the shortest proof found, so a won game ends); the
// moves proven to lose are dropped; in Express, once d reaches the end of
// every line of play, the rest are exact draws. Tests check the proofs
// against brute force and the verdicts against full minimax.
//
// Under a clock (an Unlimited budget) there is no half to spend first: the
// solver takes turns with the search's iterations, each time catching up
// with the nodes the search has used, so that wherever the clock stops it,
// the move has been searched and the solver has had a fifth to a half of
// the nodes (TestSolverLeavesTimeForTheSearch). With several workers only
// the main one runs the solver; the helpers drop the moves it proved lost.
//
// Prover asks the solver's questions outside a search, with exact depths
// (a proof holds within its own plies only), and Proof steps them for the
// replay's analysis; package logic/puzzle makes and checks its puzzles
// with them. Both are two-player only: with three or four seats "every
// other seat loses" is no proof of one seat's win.
//
// # Tactics
//
// Above Beginner, the root takes a win in one (in Expert and Extreme a
// scoring move that reaches 10 points), and keeps only the moves after
// which the next player has no win in one, when there are such moves.
// With three and four players the Grandmaster's root also drops the moves
// after which a seat further on wins whatever the seats before it play
// (guard.go), when some move leaves no such win.
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
// With three and four players the tree search counts as a node every move
// it plays (in the tree, in expansions and in playouts) and uses neither
// depth cap nor noise: a smaller budget is a shallower, noisier tree.
// Beginner keeps its one-ply blind evaluation there too. With three
// players the Grandmaster searches 4 000 000 nodes: there its wins against
// two Masters grew with its budget (44% of 200 games, where the million
// won 35.5%) and grew no further at 6 000 000 or 16 000 000, while with
// four players four or sixteen times the million bought nothing
// measurable (README.md).
//
// The Grandmaster's million nodes take 0.22 to 0.36 s on one core of the
// development machine with two and four players, and its three-player
// 4 000 000 take 1.2 to 1.6 s (BenchmarkGrandmaster*, every variant); in
// WebAssembly a move takes nearly three times as long. In the
// browser it keeps the same budget, searched in a Web Worker
// (wasm/searcher, through package logic/remote), or stepped from the frame
// loop where no worker runs.
//
// # Stepping
//
// A Search runs as a coroutine (iter.Pull) that pauses every slice of
// nodes: Step(n) does about n nodes and returns, so a caller that steps
// it from a frame loop never stalls a frame, and a runner away from the
// frame (remote.Run) can look for a stop between slices; Best is always a
// legal move. Time limits belong to the caller, which steps the search and
// reads the clock between slices.
package ai
