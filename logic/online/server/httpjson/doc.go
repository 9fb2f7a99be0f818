// Package httpjson is how the server's HTTP API reads and writes JSON:
// a strict request body (proto.DecodeStrict), a reply that no cache
// keeps, and a refusal as proto.APIError. The game hub and each of its
// HTTP features answer through it, so every endpoint answers alike.
package httpjson
