package app

import (
	"encoding/json"
	"net/url"
	"strings"
)

// OnlineOptions say how this copy reaches the game service and what an
// online link opens.
type OnlineOptions struct {
	// Server is the service's address (http://host:port); "" in the
	// browser: the page's own origin (the service serves the web app).
	Server string
	Join   string // an invite code: its lobby opens at once
	Watch  string // a spectator code: the game opens read-only
	Open   bool   // open the online page at once (--online)
	Game   string // a game of this device's guest (My games, a notice's click): it opens at once
	Link   string // a link code of another device (?link=): this device becomes its player
}

// Opens reports whether the options open an online page at the start.
func (o OnlineOptions) Opens() bool {
	return o.Open || o.Join != "" || o.Watch != "" || o.Game != "" || o.Link != ""
}

// ServerAddress is the service to talk to: the option, else the page's
// origin in the browser; "" when there is none (a desktop with no
// --server).
func (c *Context) ServerAddress() string {
	if s := strings.TrimRight(c.Opts.Online.Server, "/"); s != "" {
		return s
	}
	return PageOrigin()
}

// InviteQuery is the query of the link that opens an invite's lobby.
func InviteQuery(code string) string { return "?" + url.Values{"join": {code}}.Encode() }

// WatchQuery is the query of the spectator link.
func WatchQuery(code string) string { return "?" + url.Values{"watch": {code}}.Encode() }

// CodeOf reads an invite or spectator code out of what a player pasted:
// the code itself, or a whole link (?join= or ?watch=). It says which.
func CodeOf(s string) (code string, watch bool) {
	s = strings.TrimSpace(s)
	if u, err := url.Parse(s); err == nil && u.RawQuery != "" {
		q := u.Query()
		if v := q.Get("join"); v != "" {
			return strings.TrimSpace(v), false
		}
		if v := q.Get("watch"); v != "" {
			return strings.TrimSpace(v), true
		}
	}
	return s, false
}

// PageOnline is an online screen's state for the page API's online():
// string, number and bool values only.
type PageOnline interface {
	PageOnline() map[string]any
}

// tableFile remembers the online game whose table is open on this
// device, so that a reload, a tab closed and opened again or the game
// started again goes back to it. Leaving the table forgets it.
const tableFile = "online-table"

type keptTable struct {
	Server string `json:"server"`
	Game   string `json:"game"`
}

// RememberTable notes that game's table is open here (for the server
// this copy talks to).
func (c *Context) RememberTable(game string) {
	st := c.Opts.Store
	if st == nil || game == "" {
		return
	}
	b, _ := json.Marshal(keptTable{Server: c.ServerAddress(), Game: game})
	if old, err := st.Read(tableFile); err == nil && string(old) == string(b) {
		return // already kept: no write per table opened again
	}
	_ = st.WriteNoBackup(tableFile, b)
}

// ForgetTable forgets the open table: the player left it.
func (c *Context) ForgetTable() {
	if st := c.Opts.Store; st != nil {
		if b, err := st.Read(tableFile); err == nil && len(b) > 0 {
			_ = st.WriteNoBackup(tableFile, nil)
		}
	}
}

// rememberedTable is the game whose table was open when this copy last
// ran, on the server it talks to now; "" when none.
func (c *Context) rememberedTable() string {
	st := c.Opts.Store
	if st == nil {
		return ""
	}
	b, err := st.Read(tableFile)
	if err != nil || len(b) == 0 {
		return ""
	}
	var k keptTable
	if json.Unmarshal(b, &k) != nil || k.Server == "" || k.Server != c.ServerAddress() {
		return ""
	}
	return k.Game
}
