// Package metrics is a server node's Prometheus metrics: the moves
// stored and their time on the node, the refusals by reason, the store's
// calls by method, and the gauges the hub reads for them when scraped
// (games live, connections, queues, admission control's signals), each
// on a registry of its own so that several nodes in one process (the
// tests) share no counter. The hub (logic/online/server, metrics.go)
// feeds it and serves Handler at /metrics.
package metrics
