// Package accounts is the HTTP API of who plays: a guest made (POST
// /api/guests, capped per address and for the service) and renamed
// (PATCH /api/guests/me), and a player's devices (devices.go: link and
// recovery codes exchanged for a token of a new device, the list, a
// revoke that closes the device's sockets on every node through the
// hub); and the hourly purge of guests that never played. A
// server.Feature: it needs only the store and the hub's
// exported methods.
package accounts
