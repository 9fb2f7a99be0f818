package store

import (
	"errors"
	"fmt"
	"io/fs"
)

// Store is where the game keeps its named files ("game", "setup").
type Store interface {
	// Read returns the named file; an error wrapping fs.ErrNotExist when
	// there is none.
	Read(name string) ([]byte, error)
	// ReadBackup returns the version of the named file that the last Write
	// replaced.
	ReadBackup(name string) ([]byte, error)
	// Write replaces the named file atomically, keeping the old one as the
	// backup.
	Write(name string, data []byte) error
	// PutAside moves the named file out of the way under a new name that is
	// never overwritten, and says where it went.
	PutAside(name string) (string, error)
	// Remove deletes the named file (not its backup).
	Remove(name string) error
	// Where says where the files are, for messages.
	Where() string
}

// ErrUnavailable says that the platform has nowhere to keep files.
var ErrUnavailable = errors.New("no storage available")

// IsNotExist reports whether err says that a file does not exist.
func IsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// Memory is a Store in memory, for tests and for playing on when the
// platform's storage is unavailable.
type Memory struct {
	Files map[string][]byte
	n     int
}

func (m *Memory) init() {
	if m.Files == nil {
		m.Files = map[string][]byte{}
	}
}

func (m *Memory) get(key string) ([]byte, error) {
	m.init()
	b, ok := m.Files[key]
	if !ok {
		return nil, fmt.Errorf("%s: %w", key, fs.ErrNotExist)
	}
	return append([]byte(nil), b...), nil
}

// Read implements Store.
func (m *Memory) Read(name string) ([]byte, error) { return m.get(name) }

// ReadBackup implements Store.
func (m *Memory) ReadBackup(name string) ([]byte, error) { return m.get(name + ".bak") }

// Write implements Store.
func (m *Memory) Write(name string, data []byte) error {
	m.init()
	if old, ok := m.Files[name]; ok {
		m.Files[name+".bak"] = old
	}
	m.Files[name] = append([]byte(nil), data...)
	return nil
}

// PutAside implements Store.
func (m *Memory) PutAside(name string) (string, error) {
	b, err := m.get(name)
	if err != nil {
		return "", err
	}
	m.n++
	to := fmt.Sprintf("%s.damaged-%d", name, m.n)
	m.Files[to] = b
	delete(m.Files, name)
	return to, nil
}

// Remove implements Store.
func (m *Memory) Remove(name string) error {
	m.init()
	delete(m.Files, name)
	return nil
}

// Where implements Store.
func (m *Memory) Where() string { return "memory" }
