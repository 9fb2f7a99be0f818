package client

import (
	"context"
	"net/url"

	"shiftago/logic/online/proto"
)

// One player, many devices (PROTOCOL.md, "Devices").

// LinkCode asks for a one-time code that makes another device this
// player (single use, for 10 minutes).
func (c *Client) LinkCode(ctx context.Context) (proto.LinkReply, error) {
	var rep proto.LinkReply
	err := c.do(ctx, "POST", "/api/devices/link", struct{}{}, &rep)
	return rep, err
}

// UseCode makes this client a new device of the player a link code or
// recovery code names, named device ("" lets the server name it from
// the User-Agent), and keeps the new device's token, id and name in
// place of the ones it had.
func (c *Client) UseCode(ctx context.Context, code, device string) error {
	var rep proto.DeviceReply
	if err := c.do(ctx, "POST", "/api/devices", proto.DeviceRequest{Code: code, Device: device}, &rep); err != nil {
		return err
	}
	c.Token, c.ID, c.Name = rep.Token, rep.ID, rep.Name
	return nil
}

// Devices lists the player's devices (This marks this one) and when the
// recovery code was made.
func (c *Client) Devices(ctx context.Context) (proto.DevicesReply, error) {
	var rep proto.DevicesReply
	err := c.do(ctx, "GET", "/api/devices", nil, &rep)
	return rep, err
}

// Revoke signs a device of the player out for good, and answers the
// devices left.
func (c *Client) Revoke(ctx context.Context, device string) (proto.DevicesReply, error) {
	var rep proto.DevicesReply
	err := c.do(ctx, "DELETE", "/api/devices/"+url.PathEscape(device), nil, &rep)
	return rep, err
}

// NewRecovery makes the player's recovery code anew (the one before
// stops working) and answers it: it is shown this once.
func (c *Client) NewRecovery(ctx context.Context) (string, error) {
	var rep proto.RecoveryReply
	err := c.do(ctx, "POST", "/api/devices/recovery", struct{}{}, &rep)
	return rep.Code, err
}
