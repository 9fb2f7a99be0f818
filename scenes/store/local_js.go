//go:build js

package store

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall/js"
)

// Local keeps each file as a localStorage item "shiftago/NAME".
type Local struct {
	ls js.Value
}

// Open returns the browser's store, or ErrUnavailable when localStorage
// cannot be used (private mode, storage disabled).
func Open() (s Store, err error) {
	defer func() {
		if r := recover(); r != nil {
			s, err = nil, fmt.Errorf("%w: %v", ErrUnavailable, r)
		}
	}()
	ls := js.Global().Get("localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return nil, fmt.Errorf("%w: this browser has no localStorage", ErrUnavailable)
	}
	// Try it: a full or forbidden storage throws here.
	ls.Call("setItem", "shiftago/probe", "1")
	ls.Call("removeItem", "shiftago/probe")
	return &Local{ls: ls}, nil
}

func key(name string) string { return "shiftago/" + name }

// call runs f, turning a JavaScript exception into an error.
func call(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("localStorage: %v", r)
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
