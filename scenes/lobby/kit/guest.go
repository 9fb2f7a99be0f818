package kit

import (
	"context"
	"encoding/json"
	"strings"

	"shiftago/logic/online/client"
	"shiftago/scenes/saves"
)

// GuestFile keeps this device's guest on the server (its token).
const GuestFile = "online-guest"

type KeptGuest struct {
	Server string `json:"server"`
	Token  string `json:"token"`
	ID     string `json:"id"`
	Name   string `json:"name"`
}

// GuestOf is this device's guest at srv, named name: the one kept in st
// (renamed on the server when the player typed another name since),
// else a new one (kept for next time).
func GuestOf(ctx context.Context, st saves.Store, srv, name string) (*client.Client, error) {
	cl := client.New(srv)
	kept := false
	if st != nil {
		if b, err := st.Read(GuestFile); err == nil {
			var g KeptGuest
			if json.Unmarshal(b, &g) == nil && g.Server == srv && g.Token != "" {
				cl.Token, cl.ID, cl.Name = g.Token, g.ID, g.Name
				kept = true
			}
		}
	}
	switch {
	case !kept:
		if err := cl.NewGuest(ctx, name); err != nil {
			return nil, err
		}
	case cl.Name != name:
		// A server without the rename, or one that refuses the name,
		// leaves the old name: the game is played all the same.
		if cl.Rename(ctx, name) != nil {
			return cl, nil
		}
	default:
		return cl, nil
	}
	if st != nil {
		b, _ := json.Marshal(KeptGuest{Server: srv, Token: cl.Token, ID: cl.ID, Name: cl.Name})
		_ = st.WriteNoBackup(GuestFile, b)
	}
	return cl, nil
}

// NameFile keeps the display name the player typed, for every server.
const NameFile = "online-name"

// KeptName is the name kept in st ("" when none was typed).
func KeptName(st saves.Store) string {
	if st == nil {
		return ""
	}
	b, err := st.Read(NameFile)
	if err != nil {
		return ""
	}
	return FieldText(strings.TrimSpace(string(b)), MaxNameField)
}

// KeptClient is this device's guest at srv as kept in st, or nil when
// the device has none there (it has then no online games).
func KeptClient(st saves.Store, srv string) *client.Client {
	if st == nil {
		return nil
	}
	b, err := st.Read(GuestFile)
	if err != nil {
		return nil
	}
	var g KeptGuest
	if json.Unmarshal(b, &g) != nil || g.Server != srv || g.Token == "" {
		return nil
	}
	cl := client.New(srv)
	cl.Token, cl.ID, cl.Name = g.Token, g.ID, g.Name
	return cl
}
