// Package hashtable holds the AI's transposition tables: fixed-size hash
// tables keyed by logic.Position.Hash that remember what a search found
// about a position (its best move, a score or a bound, the depth), used by
// the alpha-beta search, its parallel workers (merged between epochs) and
// the endgame solver's proofs. Their slots are pooled, so that a game does
// not allocate megabytes a move. It uses the standard library, package
// logic and logic/ai/eval (for the scores of a won game) only.
package hashtable
