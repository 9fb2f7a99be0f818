// Package ai is the computer opponent: a deterministic, steppable game-tree
// search over package logic's positions, for every variant and player count.
package ai
