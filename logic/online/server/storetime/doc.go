// Package storetime times the game hub's calls to its store: a wrapper
// of store.Store that reports each call's method and time, and each
// stored move's commit, to the hub's metrics and admission control
// (package server, metrics.go and admit.go), which own the figures.
package storetime
