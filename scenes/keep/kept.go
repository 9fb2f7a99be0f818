package keep

import (
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"

	"shiftago/scenes/play"
	"shiftago/scenes/saves"
)

// KeptPrefix begins the names of games kept aside, unfinished, to be
// resumed from the records screen.
const KeptPrefix = "kept-"

// errMissing is the problem of a save that is gone while its backup is
// there.
var errMissing = fmt.Errorf("the save is missing: %w", fs.ErrNotExist)

// Problem is a saved game that could not be read: why, where the file
// went, and the backup if it can be read.
type Problem struct {
	Err    error
	Where  string // where the damaged save is now ("" when it is missing)
	Kept   bool   // the damaged save was moved aside (else it is where it was: the screen must not say it was kept)
	Backup []byte // the backup's data, if it can be read (nil if not)
}

// Missing reports whether p is a save that is gone (its backup is
// offered).
func (p Problem) Missing() bool { return errors.Is(p.Err, errMissing) }

// ProblemKey is the catalogue key that says what is wrong with a save.
func ProblemKey(err error) string {
	if errors.Is(err, errMissing) {
		return "problem.missing"
	}
	var le *saves.LoadError
	if errors.As(err, &le) {
		switch le.Problem {
		case saves.Foreign:
			return "problem.foreign"
		case saves.Future:
			return "problem.future"
		}
	}
	return "problem.damaged"
}

// unfinished reports whether data is a save of a game not over.
func (k *Keeper) unfinished(data []byte) bool {
	s, err := k.decode(data)
	return err == nil && !s.M.Pos.Over()
}

// keepAs stores data as a new kept game and returns its name.
func keepAs(st saves.Store, data []byte) (string, error) {
	n := 0
	for _, name := range st.Names(KeptPrefix) {
		if v, err := strconv.Atoi(strings.TrimPrefix(name, KeptPrefix)); err == nil && v > n {
			n = v
		}
	}
	name := fmt.Sprintf("%s%04d", KeptPrefix, n+1)
	return name, st.WriteNoBackup(name, data)
}

// KeepGame keeps data, a save's bytes, aside as a kept game the records
// screen offers to resume, if it holds an unfinished game; it reports
// whether it did.
func (k *Keeper) KeepGame(data []byte) bool {
	if k.st == nil || k.off || !k.unfinished(data) {
		return false
	}
	k.w.Flush()
	_, err := keepAs(k.st, data)
	return err == nil
}

// KeptGame is an unfinished game kept aside.
type KeptGame struct {
	Name    string
	Session *play.Session
}

// KeptGames lists the unfinished games kept aside that can be resumed,
// the newest first.
func (k *Keeper) KeptGames() []KeptGame {
	if k.st == nil {
		return nil
	}
	k.w.Flush()
	var out []KeptGame
	names := k.st.Names(KeptPrefix)
	for i := len(names) - 1; i >= 0; i-- {
		data, err := k.st.Read(names[i])
		if err != nil {
			continue
		}
		if s, err := k.decode(data); err == nil {
			out = append(out, KeptGame{Name: names[i], Session: s})
		}
	}
	return out
}

// SwapKept makes the kept game name the save and returns its data; the
// game in progress, if unfinished, is kept in its turn (kept says so).
// Nothing is lost at any step: the game in progress is copied aside
// before the save is replaced. The caller shows the game and calls
// MarkSaved with its session.
func (k *Keeper) SwapKept(name string) (data []byte, kept bool, err error) {
	if k.st == nil || k.off {
		return nil, false, errors.New("saving is off")
	}
	k.w.Flush() // the save on disk is the game shown, to the last move
	if data, err = k.st.Read(name); err != nil {
		return nil, false, err
	}
	if _, err := k.decode(data); err != nil {
		return nil, false, err
	}
	if cur, err := k.st.Read(saveName); err == nil && k.unfinished(cur) {
		if _, err := keepAs(k.st, cur); err != nil {
			return nil, false, err
		}
		kept = true
	}
	if err := k.st.Write(saveName, data); err != nil {
		return nil, false, err
	}
	k.st.Remove(name)
	return data, kept, nil
}

// MarkSaved has s count as saved as it stands from the next autosave on
// (a game the keeper itself just wrote, shown from the next tick).
func (k *Keeper) MarkSaved(s *play.Session) { k.marked = s }

// Aside is what KeepAside did with the game in progress.
type Aside uint8

// What KeepAside did.
const (
	AsideNothing  Aside = iota // nothing to keep (no save, a finished game, no store)
	AsideKept                  // kept, to be resumed from the records
	AsideMoved                 // unreadable or not copied: moved out of the way (Where says where)
	AsideNoSaving              // nothing could be moved: this copy does not save
)

// KeepAside puts the game in progress aside before a game started by the
// command line or a link takes its place: an unfinished game is kept
// under a new name, a save that cannot be read is put aside. where is
// where an unreadable save went.
func (k *Keeper) KeepAside() (what Aside, where string) {
	st := k.st
	if st == nil || k.off {
		return AsideNothing, ""
	}
	k.w.Flush()
	data, err := st.Read(saveName)
	if saves.IsNotExist(err) {
		// A lone backup is the game in progress too: the new game's
		// second save would rotate it away.
		if b, berr := st.ReadBackup(saveName); berr == nil && k.unfinished(b) {
			if _, werr := keepAs(st, b); werr != nil {
				k.off = true // this game must not rotate it away
				return AsideNoSaving, ""
			}
			return AsideKept, ""
		}
		return AsideNothing, ""
	}
	if err == nil {
		s, derr := k.decode(data)
		if derr == nil && s.M.Pos.Over() {
			return AsideNothing, "" // a finished game: the records keep nothing to resume
		}
		if derr == nil {
			if _, werr := keepAs(st, data); werr == nil {
				return AsideKept, ""
			}
		}
	}
	// Unreadable, or it could not be copied: move it out of the way
	// rather than let the new game write over it.
	if where, perr := st.PutAside(saveName); perr == nil {
		return AsideMoved, where
	}
	// Nothing could be moved: this game must not overwrite it.
	k.off = true
	return AsideNoSaving, ""
}

// Load reads the save to resume: its data; or the problem of a save that
// is gone while its backup is a game to resume; or an error that
// saves.IsNotExist accepts when there is nothing to resume (no save, no
// store); or why the save could not be read.
func (k *Keeper) Load() (data []byte, missing *Problem, err error) {
	if k.st == nil {
		return nil, nil, fs.ErrNotExist
	}
	k.w.Flush()
	data, err = k.st.Read(saveName)
	if saves.IsNotExist(err) {
		if b, e := k.st.ReadBackup(saveName); e == nil && k.unfinished(b) {
			return nil, &Problem{Err: errMissing, Backup: b}, nil
		}
	}
	return data, nil, err
}

// Damaged handles a save that cannot be read (err says why): it is put
// aside, never overwritten; if it cannot be moved, the next save
// replaces it in place and never makes it the backup. The problem
// offers the backup if it can be read.
func (k *Keeper) Damaged(err error) Problem {
	st := k.st
	p := Problem{Err: err, Kept: true}
	where, perr := st.PutAside(saveName)
	if perr != nil {
		where, p.Kept = st.Where(), false
		k.noRotate = true
	}
	p.Where = where
	if b, e := st.ReadBackup(saveName); e == nil {
		if _, e := k.decode(b); e == nil {
			p.Backup = b
		}
	}
	return p
}
