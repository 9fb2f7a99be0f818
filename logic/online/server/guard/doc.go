// Package guard holds the service's defences against a greedy or hostile
// client, without any HTTP handler of its own: the per-address limits
// (connections, messages and requests: token buckets in memory,
// limits.go), the caps on what an address and the whole service may
// make (guests and games an hour, wrong codes: a bucket per address and
// a counter per window in the store, caps.go), the refusal log that
// writes a line a second per kind (lograte.go), and the address a
// request counts under behind trusted proxies (proxy.go). The figures'
// arithmetic is in logic/online/README.md, "Abuse limits".
package guard
