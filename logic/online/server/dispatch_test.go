//go:build !js

package server

import (
	"testing"

	"shiftago/logic/online/proto"
)

// TestEveryCommandHandled: the server's dispatch covers proto's table,
// and serves nothing the table lacks: a command added to the table
// without its handler fails here, not in a player's hands.
func TestEveryCommandHandled(t *testing.T) {
	for _, typ := range proto.Types(proto.Command) {
		sp, _ := proto.SpecOf(typ)
		_, conn := connCommands[typ]
		_, game := gameCommands[typ]
		switch {
		case sp.Conn && !conn:
			t.Errorf("%s is the connection's (Conn) but connCommands lacks it", typ)
		case !sp.Conn && !game:
			t.Errorf("%s has no handler in gameCommands", typ)
		case conn && game:
			t.Errorf("%s is handled twice", typ)
		}
	}
	for typ := range connCommands {
		if sp, ok := proto.SpecOf(typ); !ok || sp.Dir != proto.Command || !sp.Conn {
			t.Errorf("connCommands serves %s, not a Conn command of the table", typ)
		}
	}
	for typ := range gameCommands {
		if sp, ok := proto.SpecOf(typ); !ok || sp.Dir != proto.Command || sp.Conn {
			t.Errorf("gameCommands serves %s, not a game command of the table", typ)
		}
	}
}
