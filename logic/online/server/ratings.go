//go:build !js

package server

import (
	"os"

	"shiftago/logic/online/server/gamestate"
	"shiftago/logic/online/store"
)

// rate applies a finished rated game's ratings. Called by the node that
// committed the game's end, right after the commit; the store applies a
// game once however often it is asked, so a second call (another node,
// a retry, the repair) changes nothing. A node that dies before it is
// done leaves the game in the store's RatingsDue, for the repair
// (package standings).
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
