//go:build !js

package server

import (
	"context"
	"log/slog"
	"os"
	"time"

	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/store"
)

// rate applies a finished rated game's ratings. Called by the node that
// committed the game's end, right after the commit; the store applies a
// game once however often it is asked, so a second call (another node,
// a retry, the repair) changes nothing. A node that dies before it is
// done leaves the game in the store's RatingsDue, for repairRatings.
func (g *game) rate() {
	rec := g.t.Rec
	if !rec.Setup.Rated || rec.Status != store.StatusFinished {
		return
	}
	crashBeforeRatings()
	ctx, cancel := g.ctx()
	defer cancel()
	gamestate.ApplyRatings(ctx, g.srv.cfg.Store, g.t, g.log())
}

// ratingsRepair is how often a node looks for rated games whose end was
// stored but whose ratings never were (their node died in between); it
// also looks when it starts.
const ratingsRepair = time.Minute

// repairRatings applies, at start and then every ratingsRepair, the
// ratings of the finished rated games the store still lists as due.
// Several nodes may do it at once: the store applies a game once.
func (s *Server) repairRatings() {
	tick := time.NewTicker(ratingsRepair)
	defer tick.Stop()
	for {
		ctx, cancel := context.WithTimeout(s.ctx, storeWait)
		due, err := s.cfg.Store.RatingsDue(ctx, 100)
		cancel()
		if err != nil && s.ctx.Err() == nil {
			s.log.Warn("ratings due", slog.Any("err", err))
		}
		for _, id := range due {
			log := s.log.With(slog.String("game", id))
			t, err := s.loadTable(id)
			if err != nil {
				log.Warn("repair ratings: load", slog.Any("err", err))
				continue
			}
			ctx, cancel := context.WithTimeout(s.ctx, storeWait)
			if gamestate.ApplyRatings(ctx, s.cfg.Store, t, log) == nil {
				log.Info("repaired the ratings of a game whose node stopped before applying them")
			}
			cancel()
		}
		select {
		case <-s.ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// crashBeforeRatings kills the process as a crash would when the
// environment has SHIFTAGO_TEST_CRASH_BEFORE_RATINGS=1: for
// TestServeRatingsSurviveACrash only (README, "Ratings"), which needs a
// node dead exactly between a game's end and its ratings. Nothing else
// sets it; read at that moment only, once per rated game.
func crashBeforeRatings() {
	if os.Getenv("SHIFTAGO_TEST_CRASH_BEFORE_RATINGS") != "1" {
		return
	}
	if p, err := os.FindProcess(os.Getpid()); err == nil {
		_ = p.Kill() // SIGKILL (TerminateProcess on Windows): no deferred call runs
	}
	select {} // the signal is on its way
}
