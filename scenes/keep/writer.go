package keep

import (
	"errors"
	"io"
	"sync"

	"shiftago/logic/record"
	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// snapshot is a save asked for: a copy of the game as it stood, owned by
// the writer from then on (the frame goes on changing its session).
type snapshot struct {
	game saves.Game
	// noRotate: the file in place is a damaged save that could not be
	// moved aside; it must never become the backup.
	noRotate bool
}

// histJob is a game to keep in the history.
type histJob struct {
	rec       *record.Record
	abandoned bool
}

// writer writes what the frame asks for, in order of kind: the moves
// log, the setup, history entries, the save, the heartbeat. The
// frame only fills the pending slots under the lock and wakes it; it
// never waits for a disk. With inline set (the browser) the frame itself
// writes, at once, in the same order.
type writer struct {
	st     saves.Store
	inline bool
	owner  *owner // the heartbeat and the check before writing (nil: no owner record)
	limit  int    // the history's length
	log    io.Writer

	mu   sync.Mutex
	cond *sync.Cond // signalled when work arrives and when it is done
	// What is pending: save replaces any older pending save (only the
	// newest is written); hist and lines queue (every one is written).
	save  *snapshot
	setup *play.Setup // the newest setup to remember
	hist  []histJob
	lines []byte
	beat  bool
	busy  bool // a batch is being written
	done  bool // closed: the goroutine ends once nothing is pending
	// Results, read (and cleared) by Poll.
	ev     Events
	taken  bool // another copy owns the save: write nothing more
	writes int  // saves written (tests)
}

// newWriter starts the writer's goroutine unless it writes inline.
func newWriter(st saves.Store, inline bool, o *owner, limit int, log io.Writer) *writer {
	w := &writer{st: st, inline: inline, owner: o, limit: limit, log: log}
	w.cond = sync.NewCond(&w.mu)
	if !inline {
		go w.run()
	}
	return w
}

// pending reports whether anything waits to be written; w.mu is held.
func (w *writer) pending() bool {
	return w.save != nil || w.setup != nil || len(w.hist) > 0 || len(w.lines) > 0 || w.beat
}

// kick has the work just queued written: at once inline, else by the
// goroutine. w.mu is held and is released.
func (w *writer) kick() {
	if w.inline {
		w.batch()
		w.mu.Unlock()
		return
	}
	w.mu.Unlock()
	w.cond.Broadcast()
}

// Save queues s, replacing any save not yet written.
func (w *writer) Save(s snapshot) {
	w.mu.Lock()
	w.save = &s
	w.kick()
}

// Setup queues the setup to remember, replacing any not yet written.
func (w *writer) Setup(s play.Setup) {
	w.mu.Lock()
	w.setup = &s
	w.kick()
}

// History queues a game for the history.
func (w *writer) History(j histJob) {
	w.mu.Lock()
	w.hist = append(w.hist, j)
	w.kick()
}

// Beat asks for a heartbeat; several pending make one.
func (w *writer) Beat() {
	w.mu.Lock()
	w.beat = true
	w.kick()
}

// Log queues a line of the moves log.
func (w *writer) Log(line string) {
	w.mu.Lock()
	w.lines = append(append(w.lines, line...), '\n')
	w.kick()
}

// run writes batches until closed.
func (w *writer) run() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for {
		for !w.pending() && !w.done {
			w.cond.Wait()
		}
		if !w.pending() {
			return
		}
		w.batch()
		w.cond.Broadcast()
	}
}

// batch writes everything pending. w.mu is held, and released around the
// writes: the frame queues more meanwhile.
func (w *writer) batch() {
	save, setup, hist, lines, beat := w.save, w.setup, w.hist, w.lines, w.beat
	w.save, w.setup, w.hist, w.lines, w.beat = nil, nil, nil, nil, false
	taken := w.taken
	w.busy = true
	w.mu.Unlock()

	var ev Events
	if len(lines) > 0 && w.log != nil {
		// The log is the player's own file, not the save: it is written
		// whoever owns the save.
		if _, err := w.log.Write(lines); err != nil {
			ev.LogErr = err
		}
	}
	if setup != nil {
		// The setup is this player's, not the game's: it is remembered
		// whoever owns the save.
		ev.SetupErr = saves.SaveSetup(w.st, *setup)
	}
	if !taken && (save != nil || len(hist) > 0 || beat) && w.owner.foreign() {
		// Another copy took the save over since the last look: write
		// nothing of it, now or later.
		taken, ev.TakenOver = true, true
	}
	if !taken {
		for _, j := range hist {
			if _, err := saves.KeepInHistory(w.st, j.rec, j.abandoned, w.limit); err != nil {
				ev.HistoryErr = err
			}
		}
		if save != nil {
			ev.Saved, ev.SaveErr = true, w.write(save)
		}
		if beat {
			w.owner.claim()
		}
	}

	w.mu.Lock()
	w.busy = false
	w.taken = taken
	w.ev.merge(ev)
	if save != nil && !taken {
		w.writes++
	}
}

// write encodes and writes a save.
func (w *writer) write(s *snapshot) error {
	data, err := saves.EncodeGame(&s.game)
	if err != nil {
		return err
	}
	if s.noRotate {
		return w.st.WriteNoBackup(saveName, data)
	}
	return w.st.Write(saveName, data)
}

// Flush waits until everything queued so far is written.
func (w *writer) Flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	for w.pending() || w.busy {
		if w.inline {
			w.batch() // not reached: inline writes never stay pending
			continue
		}
		w.cond.Wait()
	}
}

// Poll returns what happened since the last Poll, and forgets it.
func (w *writer) Poll() Events {
	w.mu.Lock()
	ev := w.ev
	w.ev = Events{}
	w.mu.Unlock()
	return ev
}

// resume lets the writer write again after the player took the save back
// (TakeOver); nothing is pending then (the caller flushed).
func (w *writer) resume() {
	w.mu.Lock()
	w.taken = false
	w.mu.Unlock()
}

// Close writes what is pending and ends the goroutine.
func (w *writer) Close() {
	w.Flush()
	w.mu.Lock()
	w.done = true
	w.mu.Unlock()
	w.cond.Broadcast()
}

// Events is what the writer did since the frame last asked: the frame
// says it on screen.
type Events struct {
	Saved      bool  // a save was written, or failed (SaveErr)
	SaveErr    error // the newest save's failure (nil: it was written)
	HistoryErr error // keeping a game in the history failed
	LogErr     error // the moves log could not be written
	SetupErr   error // the setup could not be remembered
	TakenOver  bool  // another copy owns the save now: this one stopped saving
}

// merge adds the events of a later batch: the newest save's outcome wins,
// a failure of the history or the log is kept until said.
func (e *Events) merge(n Events) {
	if n.Saved {
		e.Saved, e.SaveErr = true, n.SaveErr
	}
	e.HistoryErr = errors.Join(e.HistoryErr, n.HistoryErr)
	if n.LogErr != nil {
		e.LogErr = n.LogErr
	}
	if n.SetupErr != nil {
		e.SetupErr = n.SetupErr
	}
	e.TakenOver = e.TakenOver || n.TakenOver
}
