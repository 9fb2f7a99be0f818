package app

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"time"
)

// One writer per save. Every running copy of the game (a desktop window,
// a browser tab) has an id; the one that saves writes an owner record
// into the store with its id and the time, again every few seconds (its
// heartbeat). Before each save it checks the record is still its own. A
// copy that starts and finds a fresh record of another asks the player
// (the Elsewhere screen): take over here, or play without saving. The
// copy taken over sees the foreign record at its next heartbeat or save,
// stops saving and says so. Nothing is overwritten without the player
// choosing it.

const (
	ownerName = "owner"
	// beatTicks is the heartbeat's period: 3 s at 60 ticks a second.
	beatTicks = 180
	// ownerFresh is how old a heartbeat may be and still mean that its
	// copy runs: a few beats, for a window the system held back a while.
	ownerFresh = 15 * time.Second
)

// ownerRecord is the store's "owner" file.
type ownerRecord struct {
	ID   string `json:"id"`
	Beat int64  `json:"beat"`           // Unix milliseconds of the last heartbeat
	PID  int    `json:"pid,omitempty"`  // the desktop process, to tell a killed one at once
	Host string `json:"host,omitempty"` // the machine it runs on (a shared folder may span several)
}

func (c *Context) now() time.Time {
	if c.Opts.Now != nil {
		return c.Opts.Now()
	}
	return time.Now()
}

// owners reports whether this copy takes part (it has an id and a store).
func (c *Context) owners() bool { return c.Opts.InstanceID != "" && c.Opts.Store != nil }

// foreignOwner reports whether another copy owns the save and beat
// recently.
func (c *Context) foreignOwner() bool {
	if !c.owners() {
		return false
	}
	data, err := c.Opts.Store.Read(ownerName)
	if err != nil {
		return false
	}
	var o ownerRecord
	if json.Unmarshal(data, &o) != nil || o.ID == "" || o.ID == c.Opts.InstanceID {
		return false
	}
	// A process of this machine that is gone (killed, crashed) owns
	// nothing, however fresh its last beat: a restart right after kill -9
	// resumes at once.
	if p := c.Opts.Process; o.PID > 0 && o.Host != "" && o.Host == p.Host && p.Alive != nil && !p.Alive(o.PID) {
		return false
	}
	// A browser tab is open or closed whatever its last beat: a tab in
	// the background beats no more, yet it owns the save; a closed one
	// owns nothing at once.
	if p := c.Opts.Process; p.Open != nil {
		if open, known := p.Open(o.ID); known {
			return open
		}
	}
	age := c.now().Sub(time.UnixMilli(o.Beat))
	return age < ownerFresh && age > -ownerFresh
}

// claim writes this copy's owner record (the heartbeat).
func (c *Context) claim() {
	if !c.owners() {
		return
	}
	data, _ := json.Marshal(ownerRecord{ID: c.Opts.InstanceID, Beat: c.now().UnixMilli(), PID: c.Opts.Process.PID, Host: c.Opts.Process.Host})
	c.Opts.Store.WriteNoBackup(ownerName, data)
}

// release removes the owner record if it is this copy's, so the next
// start finds the save free.
func (c *Context) release() {
	if !c.owners() || c.saveOff {
		return
	}
	data, err := c.Opts.Store.Read(ownerName)
	var o ownerRecord
	if err == nil && json.Unmarshal(data, &o) == nil && o.ID == c.Opts.InstanceID {
		c.Opts.Store.Remove(ownerName)
	}
}

// heartbeat runs every tick: every beatTicks it checks the owner record
// and renews it, or finds it was taken over.
func (g *Game) heartbeat() {
	c := g.ctx
	if !c.owners() || c.saveOff || c.Tick%beatTicks != 0 {
		return
	}
	if !g.takenOver() {
		c.claim()
	}
}

// takenOver checks that no other copy took the save over; if one did,
// this one stops saving and says so, until the player closes the notice.
func (g *Game) takenOver() bool {
	c := g.ctx
	if !c.foreignOwner() {
		return false
	}
	c.saveOff = true
	c.NotifyUntilTap(c.T("notice.takenover"))
	return true
}

// SavingOff reports whether this copy does not save (another window
// owns the save, or the player chose to play without saving).
func (c *Context) SavingOff() bool { return c.saveOff }

// TakeOver makes this copy the one that saves (the player chose it on
// the Elsewhere screen) and opens the saved game, or the title.
func (c *Context) TakeOver() {
	c.saveOff = false
	c.claim()
	c.open()
}

// PlayWithoutSaving leaves the save to the other copy: the saved game
// (as it stood) is shown but never written, nor anything else.
func (c *Context) PlayWithoutSaving() {
	c.saveOff = true
	c.open()
}

// open shows the opening screen after the Elsewhere screen.
func (c *Context) open() {
	s, err := c.g.opening()
	if err != nil {
		c.Notify(err.Error())
		s = c.Screens.Title(c)
	}
	c.Reset(s)
}

// newID is a fresh random id for a copy of the game.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
