//go:build !js

package storetime

import (
	"context"
	"time"

	"shiftago/logic/online/store"
)

// Store times the calls of the game hub's hot paths to the database it
// wraps: Took hears each (its method's name and how long it took), and
// Moved each stored move besides (how long, when it ended, whether it was
// stored), so the metrics count moves and admission control follows the
// commits' latency. The other methods pass through untimed.
type Store struct {
	store.Store
	Took  func(op string, d time.Duration)
	Moved func(d time.Duration, end time.Time, ok bool)
}

func (t Store) since(op string, start time.Time) { t.Took(op, time.Since(start)) }

// AppendMove times the move's commit and tells Moved of it.
func (t Store) AppendMove(ctx context.Context, a store.Append) (store.Move, error) {
	start := time.Now()
	m, err := t.Store.AppendMove(ctx, a)
	d := time.Since(start)
	t.Took("AppendMove", d)
	t.Moved(d, start.Add(d), err == nil)
	return m, err
}

func (t Store) CreateGuest(ctx context.Context, name string) (store.Guest, string, error) {
	defer t.since("CreateGuest", time.Now())
	return t.Store.CreateGuest(ctx, name)
}

func (t Store) GuestByToken(ctx context.Context, token string) (store.Guest, error) {
	defer t.since("GuestByToken", time.Now())
	return t.Store.GuestByToken(ctx, token)
}

func (t Store) Guest(ctx context.Context, id string) (store.Guest, error) {
	defer t.since("Guest", time.Now())
	return t.Store.Guest(ctx, id)
}

func (t Store) RenameGuest(ctx context.Context, id, name string) (store.Guest, error) {
	defer t.since("RenameGuest", time.Now())
	return t.Store.RenameGuest(ctx, id, name)
}

func (t Store) CreateGame(ctx context.Context, ng store.NewGame) (store.Game, error) {
	defer t.since("CreateGame", time.Now())
	return t.Store.CreateGame(ctx, ng)
}

func (t Store) Game(ctx context.Context, id string) (store.Game, error) {
	defer t.since("Game", time.Now())
	return t.Store.Game(ctx, id)
}

func (t Store) GameByCode(ctx context.Context, code string) (store.Game, error) {
	defer t.since("GameByCode", time.Now())
	return t.Store.GameByCode(ctx, code)
}

func (t Store) GameBySpectator(ctx context.Context, spectator string) (store.Game, error) {
	defer t.since("GameBySpectator", time.Now())
	return t.Store.GameBySpectator(ctx, spectator)
}

func (t Store) RematchOf(ctx context.Context, old string) (store.Game, error) {
	defer t.since("RematchOf", time.Now())
	return t.Store.RematchOf(ctx, old)
}

func (t Store) TakeSeat(ctx context.Context, game string, seat int, guest string) (store.Game, error) {
	defer t.since("TakeSeat", time.Now())
	return t.Store.TakeSeat(ctx, game, seat, guest)
}

func (t Store) ReplaceSeat(ctx context.Context, game string, version int64, s store.Seat) (store.Game, error) {
	defer t.since("ReplaceSeat", time.Now())
	return t.Store.ReplaceSeat(ctx, game, version, s)
}

func (t Store) SetConnected(ctx context.Context, game string, seat int, connected bool) error {
	defer t.since("SetConnected", time.Now())
	return t.Store.SetConnected(ctx, game, seat, connected)
}

func (t Store) SetStatus(ctx context.Context, game string, version int64, st store.Status, result string) (store.Game, error) {
	defer t.since("SetStatus", time.Now())
	return t.Store.SetStatus(ctx, game, version, st, result)
}

func (t Store) Moves(ctx context.Context, game string, after int) ([]store.Move, error) {
	defer t.since("Moves", time.Now())
	return t.Store.Moves(ctx, game, after)
}

func (t Store) Takeback(ctx context.Context, tb store.Takeback) (store.Game, error) {
	defer t.since("Takeback", time.Now())
	return t.Store.Takeback(ctx, tb)
}

func (t Store) GamesOf(ctx context.Context, guest string, limit int) ([]store.Game, error) {
	defer t.since("GamesOf", time.Now())
	return t.Store.GamesOf(ctx, guest, limit)
}

func (t Store) Expired(ctx context.Context, now time.Time, limit int) ([]store.Game, error) {
	defer t.since("Expired", time.Now())
	return t.Store.Expired(ctx, now, limit)
}
