package client

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"shiftago/logic/online/proto"
)

// Lobby lists the public games: to join (Invite, with Join) and to
// watch (Watch). No guest is needed.
func (c *Client) Lobby(ctx context.Context) (proto.LobbyReply, error) {
	var rep proto.LobbyReply
	err := c.do(ctx, "GET", "/api/lobby", nil, &rep)
	return rep, err
}

// Pair asks to be paired for a game (replacing an earlier ask): paired
// at once when others wait for the same, else waiting (poll PairPoll).
func (c *Client) Pair(ctx context.Context, req proto.PairRequest) (proto.PairReply, error) {
	var rep proto.PairReply
	err := c.do(ctx, "POST", "/api/pairing", req, &rep)
	return rep, err
}

// PairPoll says where the ask is, and keeps it alive: poll every few
// seconds while waiting (an ask unpolled for a minute is dropped).
func (c *Client) PairPoll(ctx context.Context) (proto.PairReply, error) {
	var rep proto.PairReply
	err := c.do(ctx, "GET", "/api/pairing", nil, &rep)
	return rep, err
}

// PairCancel withdraws the ask; if it was paired already, the answer
// says so with the game.
func (c *Client) PairCancel(ctx context.Context) (proto.PairReply, error) {
	var rep proto.PairReply
	err := c.do(ctx, "DELETE", "/api/pairing", nil, &rep)
	return rep, err
}

// LobbyNews is what FollowLobby hands its caller: the lists whole, as
// the server holds them, and whether they came pushed on the lobby's
// socket or by a poll (an older server, or the socket lost).
type LobbyNews struct {
	Lists  proto.LobbyReply
	Pushed bool
	Whole  bool  // pushed whole: the socket's first lists (after a reconnect too)
	Err    error // a poll failed: Lists is empty
}

// LobbyPoll is how often FollowLobby polls when the lobby's socket
// cannot be had (an older server has none): slowly, the socket being
// tried again before each poll.
const LobbyPoll = 30 * time.Second

// The lobby socket's heartbeat: a ping every lobbyPing (the server
// closes a socket silent for a minute); nothing heard for lobbyPing +
// pongWait after one means the connection died without a word.
const lobbyPing = 20 * time.Second

// FollowLobby follows the lobby's lists until ctx ends, calling f (on
// its own goroutine) with the lists each time they change: pushed on
// the lobby's socket (PROTOCOL.md, "WebSocket: the lobby"), whole
// first and again on each reconnect; when the socket cannot be had, by
// a poll of GET /api/lobby, then again every poll (0: LobbyPoll) or
// sooner at first, trying the socket before each.
func (c *Client) FollowLobby(ctx context.Context, poll time.Duration, f func(LobbyNews)) {
	if poll <= 0 {
		poll = LobbyPoll
	}
	backoff := minBackoff
	for node := 0; ctx.Err() == nil; node++ {
		got, err := c.lobbySocket(ctx, c.Bases[node%len(c.Bases)], f)
		if ctx.Err() != nil {
			return
		}
		wait := rand.N(backoff) // a dropped socket: again soon, spread out
		if got {
			backoff = minBackoff
		} else {
			// No socket: the lists by a poll meanwhile, the waits
			// growing to poll (a node restarting is back in seconds, an
			// old server never).
			rep, perr := c.Lobby(ctx)
			f(LobbyNews{Lists: rep, Err: perr})
			backoff = min(2*backoff+time.Second, poll)
			wait = backoff
			if re := (*RetryError)(nil); errors.As(err, &re) {
				wait = max(wait, re.After)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// lobbySocket follows the lists on one connection until it ends; got
// says whether it had the whole lists (it worked).
func (c *Client) lobbySocket(ctx context.Context, base string, f func(LobbyNews)) (got bool, err error) {
	dctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	ws, err := dial(dctx, strings.TrimSuffix(wsURL(base), "/api/ws")+proto.LobbyPath, c.HTTP)
	cancel()
	if err != nil {
		return false, err
	}
	defer ws.CloseNow()
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		t := time.NewTicker(lobbyPing)
		defer t.Stop()
		for {
			select {
			case <-stop:
				return
			case <-t.C:
				wctx, cancel := context.WithTimeout(ctx, pongWait)
				_ = ws.Write(wctx, proto.Encode(proto.Msg{T: proto.TPing}))
				cancel()
			}
		}
	}()
	var open, live []proto.LobbyGame
	for {
		rctx, cancel := context.WithTimeout(ctx, lobbyPing+pongWait)
		b, err := ws.Read(rctx)
		cancel()
		if err != nil {
			return got, err
		}
		m, err := proto.DecodeEvent(b)
		if err != nil {
			return got, err
		}
		whole := m.T == proto.TLobby
		switch {
		case whole:
			open, live, got = m.Open, m.Live, true
		case m.T == proto.TListed && got:
			open, live = ApplyListed(open, live, m)
		case m.T == proto.TBye:
			return got, nil
		default:
			continue // a pong; a refusal of a ping is nothing to show
		}
		f(LobbyNews{Lists: proto.LobbyReply{Open: slices.Clone(open), Live: slices.Clone(live)}, Pushed: true, Whole: whole})
	}
}

// ApplyListed is the lists after a listed frame: its entries replace
// those of the same game (in whichever list), the games gone leave, and
// each list is ordered as the server orders it (proto.LobbyBefore).
func ApplyListed(open, live []proto.LobbyGame, m proto.Msg) ([]proto.LobbyGame, []proto.LobbyGame) {
	drop := map[string]bool{}
	for _, w := range m.Gone {
		drop[w] = true
	}
	for _, g := range append(slices.Clone(m.Open), m.Live...) {
		drop[g.Watch] = true
	}
	list := func(have, news []proto.LobbyGame, isLive bool) []proto.LobbyGame {
		out := make([]proto.LobbyGame, 0, len(have)+len(news))
		for _, g := range have {
			if !drop[g.Watch] {
				out = append(out, g)
			}
		}
		out = append(out, news...)
		slices.SortFunc(out, func(a, b proto.LobbyGame) int {
			switch {
			case proto.LobbyBefore(a, b, isLive):
				return -1
			case proto.LobbyBefore(b, a, isLive):
				return 1
			}
			return 0
		})
		return out
	}
	return list(open, m.Open, false), list(live, m.Live, true)
}
