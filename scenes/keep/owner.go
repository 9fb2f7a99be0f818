package keep

import (
	"encoding/json"
	"time"

	"shiftago/logic/online/proto"
	"shiftago/scenes/saves"
)

// One writer per save. Every running copy of the game (a desktop window,
// a browser tab) has an id; the one that saves writes an owner record
// into the store with its id and the time, again every few seconds (its
// heartbeat). Before each save it checks the record is still its own. A
// copy that starts and finds a fresh record of another asks the player
// (the Elsewhere screen): take over here, or play without saving; the
// screen looks again every half second and, once the other copy has
// gone, resumes here by itself. The copy taken over sees the foreign
// record at its next heartbeat or save, stops saving and says so.
// Nothing is overwritten without the player choosing it, or while its
// writer lives.

const (
	// OwnerName is the store's name of the owner record.
	OwnerName = "owner"
	// BeatTicks is the heartbeat's period: 3 s at 60 ticks a second.
	BeatTicks = 180
	// ownerFresh is how old a heartbeat may be and still mean that its
	// copy runs: a few beats, for a window the system held back a while.
	ownerFresh = 15 * time.Second
	// ownerGone is how old a heartbeat may be and still keep the save
	// while the browser has not yet said whether its tab is open: older,
	// and the copy is taken for gone, however long the browser takes.
	ownerGone = 24 * time.Hour
)

// Presence is what the system says of another copy of the game.
type Presence int

const (
	// Untold: nothing tells (no Web Locks, or they refused to answer);
	// the heartbeat decides.
	Untold Presence = iota
	// Open: the copy runs, whatever its last beat.
	Open
	// Closed: the copy has gone, however fresh its last beat.
	Closed
	// Pending: the browser will tell but has not answered yet (a slow
	// start on a busy machine).
	Pending
)

// Process names a desktop process in the owner record, and tells
// whether another process of this machine still runs; in the browser,
// whether the tab of another copy is still open.
type Process struct {
	PID   int
	Host  string
	Alive func(pid int) bool // nil: every process counts as running
	// Open tells whether the copy with instance id id is open. A tab in
	// the background stops ticking and so beating, yet it is open: it
	// still owns the save.
	Open func(id string) Presence
}

// ownerRecord is the store's "owner" file.
type ownerRecord struct {
	ID   string `json:"id"`
	Beat int64  `json:"beat"`           // Unix milliseconds of the last heartbeat
	PID  int    `json:"pid,omitempty"`  // the desktop process, to tell a killed one at once
	Host string `json:"host,omitempty"` // the machine it runs on (a shared folder may span several)
}

// owner is this copy's side of the owner record. Its fields never change
// after New: the writer's goroutine and the frame both use it.
type owner struct {
	st   saves.Store
	id   string
	proc Process
	now  func() time.Time
}

// Hold is what this copy knows of another copy's hold on the save.
type Hold int

const (
	// Free: no other copy holds the save.
	Free Hold = iota
	// Held: another copy runs and holds it.
	Held
	// Unsure: another copy held it but has not beaten lately, and the
	// browser has not yet said whether its tab is still open (a tab in
	// the background beats no more, a closed one neither).
	Unsure
)

func (h Hold) String() string { return [...]string{"free", "held", "unsure"}[h] }

// foreign reports whether another copy owns the save and beat recently.
// A nil owner (no id or no store) takes no part.
func (o *owner) foreign() bool { return o.hold() != Free }

// hold says whether another copy holds the save, and how surely.
func (o *owner) hold() Hold {
	if o == nil {
		return Free
	}
	data, err := o.st.Read(OwnerName)
	if err != nil {
		return Free
	}
	var r ownerRecord
	if json.Unmarshal(data, &r) != nil || r.ID == "" || r.ID == o.id {
		return Free
	}
	// A process of this machine that is gone (killed, crashed) owns
	// nothing, however fresh its last beat: a restart right after kill -9
	// resumes at once.
	if p := o.proc; r.PID > 0 && r.Host != "" && r.Host == p.Host && p.Alive != nil && !p.Alive(r.PID) {
		return Free
	}
	// A browser tab is open or closed whatever its last beat: a tab in
	// the background beats no more, yet it owns the save; a closed one
	// owns nothing at once.
	age := o.now().Sub(time.UnixMilli(r.Beat))
	fresh := age < ownerFresh && age > -ownerFresh
	if p := o.proc; p.Open != nil {
		switch p.Open(r.ID) {
		case Open:
			return Held
		case Closed:
			return Free
		case Pending:
			// The owner may be a frozen tab whose beat is stale: ask the
			// player rather than take its save. The Elsewhere screen
			// looks again and resumes by itself once the browser
			// answers that the tab has gone. A beat a day old is from a
			// copy long gone, whatever the browser has not said.
			switch {
			case fresh:
				return Held
			case age < ownerGone && age > -ownerGone:
				return Unsure
			}
			return Free
		}
	}
	if fresh {
		return Held
	}
	return Free
}

// claim writes this copy's owner record (the heartbeat).
func (o *owner) claim() {
	if o == nil {
		return
	}
	data, _ := json.Marshal(ownerRecord{ID: o.id, Beat: o.now().UnixMilli(), PID: o.proc.PID, Host: o.proc.Host})
	o.st.WriteNoBackup(OwnerName, data)
}

// release removes the owner record if it is this copy's, so the next
// start finds the save free.
func (o *owner) release() {
	if o == nil {
		return
	}
	data, err := o.st.Read(OwnerName)
	var r ownerRecord
	if err == nil && json.Unmarshal(data, &r) == nil && r.ID == o.id {
		o.st.Remove(OwnerName)
	}
}

// NewID is a fresh random id for a copy of the game (proto.NewID).
func NewID() string { return proto.NewID() }
