// Package storetime times the game hub's calls to its store: a wrapper
// of store.Store that reports each call's method and time, and each
// stored move's commit, to the hub's metrics (package server,
// metrics.go) and its admission control (package admission), which own
// the figures.
package storetime
