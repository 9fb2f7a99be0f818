package online

import (
	"shiftago/scenes/saves"
)

// notifyFile keeps the player's choice to be notified of their turn
// ("on"); the browser's permission is the browser's to keep.
const notifyFile = "online-notify"

// NotifyOn reports whether the player asked to be notified of their turn
// (the My games toggle) and the browser allows it.
func NotifyOn(st saves.Store) bool {
	return NotifyChosen(st) && NotifyPermission() == "granted"
}

// NotifyChosen reports whether the player turned the notices on.
func NotifyChosen(st saves.Store) bool {
	if st == nil {
		return false
	}
	b, err := st.Read(notifyFile)
	return err == nil && string(b) == "on"
}

// ChooseNotify keeps the player's choice.
func ChooseNotify(st saves.Store, on bool) error {
	if st == nil {
		return nil
	}
	if !on {
		if err := st.Remove(notifyFile); err != nil && !saves.IsNotExist(err) {
			return err
		}
		return nil
	}
	return st.WriteNoBackup(notifyFile, []byte("on"))
}

// TellTurn tells the player that it is their move in game, by a system
// notification (through the service worker: a click opens the game),
// when they chose to be told and the browser allows it. hiddenOnly: only
// when the page is out of sight (the game's own screen, which shows
// the turn itself when in sight).
func TellTurn(st saves.Store, title, body, game string, hiddenOnly bool) {
	if hiddenOnly && !PageHidden() {
		return
	}
	if NotifyOn(st) {
		showTurn(title, body, game)
	}
}
