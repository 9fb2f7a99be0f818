//go:build !js

package standings

import (
	"context"
	"log/slog"
	"time"

	"shiftago/logic/ai"
	"shiftago/logic/online/proto"
	"shiftago/logic/online/server"
	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/store"
)

// A profile's results against the computer levels (issue 47). The store
// marks the computer seats a game starts with; once the game is over,
// its results against them are counted here, where the rules can rank
// the seats: by the profile of any of its players as it is asked for
// (so a player sees a game they just finished at once), and by every
// node at start and every computerSweep for the games nobody asked
// about (the games of before the store's step 8 among them). Counting
// twice counts once (store.CountComputerResults).

// profileCounts bounds the games one profile request counts before it
// answers; the sweep counts the rest.
const profileCounts = 20

// computerSweep is how often a node counts the games over and not yet
// counted.
const computerSweep = time.Minute

// computerResults are the results of a finished game's people against
// its computer seats, pairwise by finishing order as the ratings count
// games of 3 and 4 (gamestate.Table.PlaceOf): ahead of a computer seat
// is a win, behind it a loss, level with it a draw. Every computer seat
// is listed; the store keeps only those that were the computer's from
// the start. A player who left a game of 3 or 4 holds no seat at its
// end and has no results in it (as in the ratings).
func computerResults(t *gamestate.Table) []store.ComputerResult {
	var out []store.ComputerResult
	for i, p := range t.Rec.Seats {
		if p.Kind != store.SeatRemote || p.Guest == "" {
			continue
		}
		for j, c := range t.Rec.Seats {
			if c.Kind != store.SeatComputer {
				continue
			}
			r := store.ComputerResult{Guest: p.Guest, Seat: j}
			switch pi, pj := t.PlaceOf(i), t.PlaceOf(j); {
			case pi < pj:
				r.Outcome = 1
			case pi > pj:
				r.Outcome = -1
			}
			out = append(out, r)
		}
	}
	return out
}

// countComputer counts one game that is over: its results when it was
// finished, none when it ended without a result (abandoned), which only
// unmarks it.
func (s api) countComputer(ctx context.Context, id string) error {
	t, err := s.LoadTable(id)
	if err != nil {
		return err
	}
	var rs []store.ComputerResult
	if t.Rec.Status == store.StatusFinished {
		rs = computerResults(t)
	}
	return s.Store().CountComputerResults(ctx, id, rs)
}

// countDue counts at most limit of the games due (guest's only, unless
// guest is ""), and says how many it listed and how many it counted.
func (s api) countDue(ctx context.Context, guest string, limit int) (listed, counted int, err error) {
	due, err := s.Store().ComputerDue(ctx, guest, limit)
	if err != nil {
		return 0, 0, err
	}
	for _, id := range due {
		if err := s.countComputer(ctx, id); err != nil {
			if ctx.Err() == nil {
				s.Log().Warn("count the results against the computer", slog.String("game", id), slog.Any("err", err))
			}
			continue
		}
		counted++
	}
	return len(due), counted, nil
}

// computerRecords is a guest's tally as the profile sends it: the
// levels beyond ai.MaxLevel (the store allows up to 99) are played as
// ai.MaxLevel, and counted with it.
func computerRecords(ts []store.ComputerTally) []proto.ComputerRecord {
	var out []proto.ComputerRecord
	for _, t := range ts {
		lv := max(1, min(ai.MaxLevel, t.Level))
		if n := len(out); n > 0 && out[n-1].Level == lv {
			out[n-1].Won += t.Won
			out[n-1].Lost += t.Lost
			out[n-1].Drawn += t.Drawn
			out[n-1].Played += t.Played()
			continue
		}
		out = append(out, proto.ComputerRecord{Level: lv, Played: t.Played(), Won: t.Won, Lost: t.Lost, Drawn: t.Drawn})
	}
	return out
}

// computerOf is a guest's results against the computer levels, their
// own games over counted first.
func (s api) computerOf(ctx context.Context, guest string) ([]proto.ComputerRecord, error) {
	if _, _, err := s.countDue(ctx, guest, profileCounts); err != nil {
		s.Log().Warn("the results against the computer due", slog.Any("err", err)) // the tally as it stands
	}
	ts, err := s.Store().ComputerTally(ctx, guest)
	if err != nil {
		return nil, err
	}
	return computerRecords(ts), nil
}

// sweepComputer counts, at start and then every computerSweep, the
// games over whose results against the computer nobody's profile
// counted yet. Several nodes may do it at once: the store counts a game
// once.
func (s api) sweepComputer() {
	tick := time.NewTicker(computerSweep)
	defer tick.Stop()
	for {
		for s.Context().Err() == nil {
			ctx, cancel := context.WithTimeout(s.Context(), 10*server.StoreWait)
			listed, counted, err := s.countDue(ctx, "", 100)
			cancel()
			if err != nil && s.Context().Err() == nil {
				s.Log().Warn("the results against the computer due", slog.Any("err", err))
			}
			if err != nil || listed < 100 || counted == 0 {
				break // all counted, or none would be (the next sweep tries again)
			}
		}
		select {
		case <-s.Context().Done():
			return
		case <-tick.C:
		}
	}
}
