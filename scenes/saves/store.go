package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
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
	// WriteNoBackup replaces the named file atomically and leaves its
	// backup as it is: for a file that must never become the backup (a
	// damaged save that could not be moved aside) and for files that need
	// none (the owner's heartbeat).
	WriteNoBackup(name string, data []byte) error
	// Names lists the files whose names begin with prefix (never a
	// backup or a file put aside), sorted.
	Names(prefix string) []string
	// PutAside moves the named file out of the way under a new name that is
	// never overwritten, and says where it went.
	PutAside(name string) (string, error)
	// Remove deletes the named file (not its backup).
	Remove(name string) error
	// Where says where the files are, for messages.
	Where() string
}

// ErrUnavailable says that the platform has nowhere to keep files: Open
// then returns a Memory store, which keeps them for the session only.
var ErrUnavailable = errors.New("no storage available")

// ErrFull says that the store reads but takes no more writes (the
// browser's storage is full): what is saved resumes, new saves fail.
var ErrFull = errors.New("the storage is full")

// ErrStorage wraps what the browser's storage threw (its own words, for
// the developer's eyes: the player is told in plain words).
var ErrStorage = errors.New("the storage refused")

// IsNotExist reports whether err says that a file does not exist.
func IsNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }

// Memory is a Store in memory: Open's when the platform has nowhere to
// keep files (blocked site data, no HOME), so that a player who refuses
// storage still has the session's game, setup, history and online guest
// until the game closes; and the tests' store. It is safe for
// concurrent use (the saves' writer goroutine and the frame); Files is
// read directly only when nothing writes.
type Memory struct {
	Files map[string][]byte
	n     int
	mu    sync.Mutex
}

func (m *Memory) init() {
	if m.Files == nil {
		m.Files = map[string][]byte{}
	}
}

// get is the file key; m.mu is held.
func (m *Memory) get(key string) ([]byte, error) {
	m.init()
	b, ok := m.Files[key]
	if !ok {
		return nil, fmt.Errorf("%s: %w", key, fs.ErrNotExist)
	}
	return append([]byte(nil), b...), nil
}

// Read implements Store.
func (m *Memory) Read(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.get(name)
}

// ReadBackup implements Store.
func (m *Memory) ReadBackup(name string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.get(name + ".bak")
}

// Write implements Store.
func (m *Memory) Write(name string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	if old, ok := m.Files[name]; ok {
		m.Files[name+".bak"] = old
	}
	m.Files[name] = append([]byte(nil), data...)
	return nil
}

// WriteNoBackup implements Store.
func (m *Memory) WriteNoBackup(name string, data []byte) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	m.Files[name] = append([]byte(nil), data...)
	return nil
}

// Names implements Store.
func (m *Memory) Names(prefix string) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for k := range m.Files {
		if strings.HasPrefix(k, prefix) && plainName(k) {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// plainName reports whether a stored name is a file of its own, not a
// backup or a file put aside.
func plainName(k string) bool {
	return !strings.HasSuffix(k, ".bak") && !strings.Contains(k, ".damaged-") && !strings.Contains(k, ".")
}

// PutAside implements Store.
func (m *Memory) PutAside(name string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
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
	m.mu.Lock()
	defer m.mu.Unlock()
	m.init()
	delete(m.Files, name)
	return nil
}

// Where implements Store.
func (m *Memory) Where() string { return "memory" }
