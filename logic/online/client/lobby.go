package client

import (
	"context"

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
