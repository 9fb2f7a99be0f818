package app

import (
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
}

// Opens reports whether the options open an online page at the start.
func (o OnlineOptions) Opens() bool {
	return o.Open || o.Join != "" || o.Watch != "" || o.Game != ""
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
