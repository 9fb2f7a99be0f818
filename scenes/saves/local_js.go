//go:build js

package saves

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"syscall/js"
)

// Local keeps each file as a localStorage item "shiftago/NAME".
type Local struct {
	ls js.Value
}

// Open returns the browser's store; when localStorage cannot be used at
// all (storage disabled, blocked site data, a page in another site's
// frame) a Memory store with ErrUnavailable, so that the page keeps its
// games, setup and online guest until it closes. Merely reading window.localStorage throws
// there, and a property read (js.Value.Get) does not catch JavaScript
// exceptions: the exception would cross the WebAssembly boundary and stop
// the game, out of recover's reach. Reflect.get is a call, and a call's
// exception comes back as a panic that recover sees.
//
// Storage that is full still reads: Open then returns the store and
// ErrFull, so the saved game resumes, and saving fails with a notice.
func Open() (s Store, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = &Memory{}, ErrUnavailable
		}
	}()
	ls := js.Global().Get("Reflect").Call("get", js.Global(), "localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return &Memory{}, ErrUnavailable
	}
	l := &Local{ls: ls}
	ls.Call("getItem", "shiftago/probe") // reading must work; a throw ends here
	// Try a write: a full or read-only storage throws here.
	if werr := call(func() error {
		ls.Call("setItem", "shiftago/probe", "1")
		ls.Call("removeItem", "shiftago/probe")
		return nil
	}); werr != nil {
		return l, ErrFull
	}
	return l, nil
}

func key(name string) string { return "shiftago/" + name }

// call runs f, turning a JavaScript exception into an error.
func call(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrStorage, r)
		}
	}()
	return f()
}

func (l *Local) get(k string) ([]byte, error) {
	var out []byte
	err := call(func() error {
		v := l.ls.Call("getItem", k)
		if v.IsNull() || v.IsUndefined() {
			return fmt.Errorf("%s: %w", k, fs.ErrNotExist)
		}
		out = []byte(v.String())
		return nil
	})
	return out, err
}

// Read implements Store.
func (l *Local) Read(name string) ([]byte, error) { return l.get(key(name)) }

// ReadBackup implements Store.
func (l *Local) ReadBackup(name string) ([]byte, error) { return l.get(key(name) + ".bak") }

// Write implements Store. localStorage writes one item at once; the old
// item is copied to the backup first.
func (l *Local) Write(name string, data []byte) error {
	return call(func() error {
		k := key(name)
		if old := l.ls.Call("getItem", k); !old.IsNull() && !old.IsUndefined() {
			l.ls.Call("setItem", k+".bak", old)
		}
		l.ls.Call("setItem", k, string(data))
		return nil
	})
}

// WriteNoBackup implements Store.
func (l *Local) WriteNoBackup(name string, data []byte) error {
	return call(func() error {
		l.ls.Call("setItem", key(name), string(data))
		return nil
	})
}

// Names implements Store.
func (l *Local) Names(prefix string) []string {
	var out []string
	call(func() error {
		n := l.ls.Get("length").Int()
		for i := 0; i < n; i++ {
			k := l.ls.Call("key", i)
			if k.Type() != js.TypeString {
				continue
			}
			name, ok := strings.CutPrefix(k.String(), "shiftago/")
			if ok && strings.HasPrefix(name, prefix) && plainName(name) {
				out = append(out, name)
			}
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// PutAside implements Store.
func (l *Local) PutAside(name string) (string, error) {
	var to string
	err := call(func() error {
		k := key(name)
		old := l.ls.Call("getItem", k)
		if old.IsNull() || old.IsUndefined() {
			return fmt.Errorf("%s: %w", k, fs.ErrNotExist)
		}
		for n := 1; n < 1000; n++ {
			to = fmt.Sprintf("%s.damaged-%d", k, n)
			if v := l.ls.Call("getItem", to); v.IsNull() {
				l.ls.Call("setItem", to, old)
				l.ls.Call("removeItem", k)
				return nil
			}
		}
		return errors.New("too many damaged saves")
	})
	return "localStorage " + to, err
}

// Remove implements Store.
func (l *Local) Remove(name string) error {
	return call(func() error {
		l.ls.Call("removeItem", key(name))
		return nil
	})
}

// Where implements Store.
func (l *Local) Where() string { return "the browser's localStorage" }
