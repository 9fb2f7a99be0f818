package store

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
)

// DefaultDir is the folder where a server keeps its data when told
// nothing: $XDG_DATA_HOME/shiftago (or ~/.local/share/shiftago) on Linux
// and the BSDs, the user's config folder (os.UserConfigDir) + shiftago
// elsewhere (Application Support on macOS, %AppData% on Windows). It does
// not create the folder.
func DefaultDir() (string, error) {
	switch runtime.GOOS {
	case "darwin", "windows", "ios", "android", "js", "plan9":
		d, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(d, "shiftago"), nil
	}
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "shiftago"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil || home == "" {
		return "", errors.Join(errors.New("no data folder: neither $XDG_DATA_HOME nor $HOME is set"), err)
	}
	return filepath.Join(home, ".local", "share", "shiftago"), nil
}

// DBFile is the SQLite file's name inside the data folder.
const DBFile = "shiftago.db"

// MakeDataDir creates the data folder dir if need be and makes it
// private (0700) even when it existed with a looser mode: the database
// in it holds every guest's token hash and every game. Only the data
// folder is tightened so, never the folder of a file named by --db,
// which may be /tmp or a home folder.
func MakeDataDir(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return os.Chmod(dir, 0o700)
}
