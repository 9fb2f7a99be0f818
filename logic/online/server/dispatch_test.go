//go:build !js

package server

import (
	"maps"
	"strings"
	"testing"

	"shiftago/logic/online/proto"
)

// TestEveryCommandHandled: the server's dispatch covers proto's table
// (the check New makes), and the check finds each kind of gap: a
// command of the table with no handler, one handled twice, and a
// handler for a type the table lacks or has as an event, so that a
// command added to the table without its handler stops the server at
// start, not in a player's hands.
func TestEveryCommandHandled(t *testing.T) {
	if err := commandsCovered(); err != nil {
		t.Fatal(err)
	}
	gaps := []struct {
		name string
		edit func(conn, game map[proto.Type]bool)
		want string
	}{
		{"a game command without handler", func(_, game map[proto.Type]bool) { delete(game, proto.TResign) }, "resign has no handler"},
		{"a Conn command without handler", func(conn, _ map[proto.Type]bool) { delete(conn, proto.TPing) }, "ping is the connection's"},
		{"a command handled twice", func(conn, _ map[proto.Type]bool) { conn[proto.TMove] = true }, "move is handled twice"},
		{"a type the table lacks", func(_, game map[proto.Type]bool) { game["teleport"] = true }, "serves teleport"},
		{"an event as a command", func(_, game map[proto.Type]bool) { game[proto.TMoved] = true }, "serves moved"},
	}
	for _, gap := range gaps {
		conn, game := keys(connCommands), keys(gameCommands)
		gap.edit(conn, game)
		err := coverCommands(conn, game)
		if err == nil || !strings.Contains(err.Error(), gap.want) {
			t.Errorf("%s: %v, want an error saying %q", gap.name, err, gap.want)
		}
	}
}

func keys[V any](m map[proto.Type]V) map[proto.Type]bool {
	out := map[proto.Type]bool{}
	for k := range maps.Keys(m) {
		out[k] = true
	}
	return out
}
