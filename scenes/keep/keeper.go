package keep

import (
	"errors"
	"io"
	"time"

	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// saveName is the store's name of the game in progress.
const saveName = "game"

// Config is what a Keeper needs to know of this copy of the game.
type Config struct {
	// Store keeps the files; nil: nothing is saved (tests, or no storage).
	Store saves.Store
	// ID names this copy in the owner record; "" leaves ownership out.
	ID string
	// Process tells whether the owner of a record still runs.
	Process Process
	// Now is the heartbeat's clock (nil: time.Now).
	Now func() time.Time
	// Background writes on a goroutine of its own (the desktop: a save
	// syncs the disk); false writes inline (the browser's localStorage
	// is quick, and a goroutine there would only wait for the frame).
	Background bool
	// HistoryLimit is how many games the history keeps.
	HistoryLimit int
	// Log takes the moves log of --record, one move a line (nil: none).
	Log io.Writer
	// Decode rebuilds a saved game, changing nothing (the shell's setup
	// and seed).
	Decode func(data []byte) (*play.Session, error)
}

// Keeper is the save policy of one copy of the game. Its methods are
// called by the frame; only the writer it owns touches the disk in the
// background.
type Keeper struct {
	st     saves.Store
	owner  *owner // nil: no owner record (no id or no store)
	w      *writer
	decode func(data []byte) (*play.Session, error)

	off      bool // this copy does not save (another owns the save, or the player chose so)
	noRotate bool // the next save replaces a damaged file in place, never the backup
	failing  bool // the last save failed (said once)

	// The autosave: the session saved last, at which version; for the
	// history, the session last shown and the last one kept.
	session *play.Session
	version int
	played  *play.Session // the game shown last (nil: none yet, or one resumed)
	kept    *play.Session // the game last kept in the history
	marked  *play.Session // a session just written by the keeper itself, to count as saved at the next autosave
}

// New makes the Keeper of cfg, and starts its writer.
func New(cfg Config) *Keeper {
	k := &Keeper{st: cfg.Store, decode: cfg.Decode}
	if cfg.ID != "" && cfg.Store != nil {
		now := cfg.Now
		if now == nil {
			now = time.Now
		}
		k.owner = &owner{st: cfg.Store, id: cfg.ID, proc: cfg.Process, now: now}
	}
	k.w = newWriter(cfg.Store, !cfg.Background, k.owner, cfg.HistoryLimit, cfg.Log)
	return k
}

// Store is where the games are kept (nil: nowhere).
func (k *Keeper) Store() saves.Store { return k.st }

// Off reports whether this copy does not save (another window owns the
// save, or the player chose to play without saving).
func (k *Keeper) Off() bool { return k.off }

// Foreign reports whether another copy owns the save now and beats
// (asked at the start, before anything is written).
func (k *Keeper) Foreign() bool { return k.owner.foreign() }

// Hold says whether another copy holds the save, and how surely: the
// Elsewhere screen says "may be open" while the browser has not answered.
func (k *Keeper) Hold() Hold { return k.owner.hold() }

// Claim makes this copy the owner (at the start).
func (k *Keeper) Claim() { k.owner.claim() }

// TakeOver makes this copy the one that saves (the player chose it).
func (k *Keeper) TakeOver() {
	k.w.Flush()
	k.off = false
	k.w.resume()
	k.owner.claim()
}

// StopSaving leaves the save to another copy (the player chose to play
// without saving): nothing is written from now on.
func (k *Keeper) StopSaving() { k.off = true }

// Autosave saves s, the game shown (nil: none), if its moves changed
// since the last save: the frame calls it every tick, and after every
// change of screen. It queues a snapshot and returns; the disk is the
// writer's. A game that ends, or one that another replaced unfinished,
// is kept in the history.
func (k *Keeper) Autosave(s *play.Session) {
	if k.marked != nil {
		k.Saved(k.marked)
		k.marked = nil
	}
	if s == nil || k.st == nil || k.off || (s == k.session && s.M.Version == k.version) {
		return
	}
	k.keepHistory(s)
	k.session, k.version = s, s.M.Version
	k.w.Save(snapshot{
		game:     saves.Game{Record: s.Record(), Redo: append(s.M.Redo[:0:0], s.M.Redo...), Tournament: play.CopyTournament(s.Tourney0)},
		noRotate: k.noRotate,
	})
}

// keepHistory keeps s in the game history once it is over (once a
// session: an undo and a second ending add nothing), and the game shown
// before s in its place, if s replaced it unfinished (a new game started
// over it), as abandoned.
func (k *Keeper) keepHistory(s *play.Session) {
	if old := k.played; old != nil && old != s && old != k.kept && !old.M.Pos.Over() && len(old.M.Moves) > 0 {
		k.w.History(histJob{rec: old.Record(), abandoned: true})
	}
	k.played = s
	if s.M.Pos.Over() && k.kept != s {
		k.kept = s
		k.w.History(histJob{rec: s.Record()})
	}
}

// Unsaved reports whether the next Autosave would write s.
func (k *Keeper) Unsaved(s *play.Session) bool {
	return s != k.session || s.M.Version != k.version
}

// Saved marks s as saved as it stands (a game just resumed from the save):
// the game shown before it is not abandoned, it is kept or saved still.
func (k *Keeper) Saved(s *play.Session) {
	k.session, k.version, k.played = s, s.M.Version, s
}

// Heartbeat renews the owner record every BeatTicks ticks (or finds it
// was taken over); the frame calls it every tick.
func (k *Keeper) Heartbeat(tick int) {
	if k.owner == nil || k.off || tick%BeatTicks != 0 {
		return
	}
	k.w.Beat()
}

// SaveSetup remembers s for the next run (the newest asked for is
// written; a failure comes back as Events.SetupErr).
func (k *Keeper) SaveSetup(s play.Setup) {
	if k.st != nil {
		k.w.Setup(s)
	}
}

// Record appends a played move to the moves log.
func (k *Keeper) Record(move string) {
	if k.w.log != nil {
		k.w.Log(move)
	}
}

// Poll takes what the writer did since the last Poll and keeps the
// policy's state up to date: a copy taken over stops saving; a failed
// save is told once (SaveErr is nil when it was said already), a save
// written clears the failure.
func (k *Keeper) Poll() Events {
	ev := k.w.Poll()
	if ev.TakenOver {
		k.off = true
	}
	if ev.Saved {
		if ev.SaveErr == nil {
			k.noRotate, k.failing = false, false
		} else if k.failing {
			ev.SaveErr = nil // said already: a failed save repeats with every move
		} else {
			k.failing = true
		}
	}
	return ev
}

// Flush waits until everything asked for is written: before quitting,
// when the process is told to end, and before the save is read back.
func (k *Keeper) Flush() { k.w.Flush() }

// Release writes what is pending and gives up the owner record (if this
// copy saves), so that a copy started next finds the save free: a tab
// that is hidden for good. Its next heartbeat claims the save again.
func (k *Keeper) Release() {
	k.w.Flush()
	if !k.off {
		k.owner.release()
	}
}

// Close releases the save (Release) and stops the writer: the game ends.
func (k *Keeper) Close() {
	k.Release()
	k.w.Close()
}

// SaveFailKey says in words (a catalogue key) why a save failed: the
// browser's storage is full or refuses (its own error text is for
// developers), or the disk.
func SaveFailKey(err error) string {
	if errors.Is(err, saves.ErrStorage) || errors.Is(err, saves.ErrFull) {
		return "notice.storagefull"
	}
	return "notice.savefailed"
}
