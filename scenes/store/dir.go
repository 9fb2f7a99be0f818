//go:build !js

package store

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Dir keeps each file as NAME.json in a directory.
type Dir struct {
	Path string
}

// Open returns the platform's store: the "shiftago" directory in the
// user's configuration directory.
func Open() (Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return &Dir{Path: filepath.Join(dir, "shiftago")}, nil
}

func (d *Dir) file(name string) string { return filepath.Join(d.Path, name+".json") }

// Read implements Store.
func (d *Dir) Read(name string) ([]byte, error) { return os.ReadFile(d.file(name)) }

// ReadBackup implements Store.
func (d *Dir) ReadBackup(name string) ([]byte, error) { return os.ReadFile(d.file(name) + ".bak") }

// Write implements Store: the data goes to a temporary file in the same
// directory, is synced, and is renamed over the old file, so a crash at any
// moment leaves either the old file or the new one, whole. The old file is
// first linked (or copied) to NAME.json.bak.
func (d *Dir) Write(name string, data []byte) error {
	if err := os.MkdirAll(d.Path, 0o755); err != nil {
		return err
	}
	cur := d.file(name)
	tmp, err := writeTemp(d.Path, name, data)
	if err != nil {
		return err
	}
	if _, err := os.Stat(cur); err == nil {
		if err := d.backup(cur); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("keeping the previous save: %w", err)
		}
	}
	if err := os.Rename(tmp, cur); err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(d.Path)
	return nil
}

// backup makes cur's backup: a hard link where the file system has them,
// else a copy, in both cases put in place by a rename.
func (d *Dir) backup(cur string) error {
	bak := cur + ".bak"
	tmp := bak + ".tmp"
	os.Remove(tmp)
	if err := os.Link(cur, tmp); err != nil {
		b, rerr := os.ReadFile(cur)
		if rerr != nil {
			return rerr
		}
		name, werr := writeTemp(d.Path, "backup", b)
		if werr != nil {
			return werr
		}
		tmp = name
	}
	if err := os.Rename(tmp, bak); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

func writeTemp(dir, name string, data []byte) (string, error) {
	f, err := os.CreateTemp(dir, "."+name+"-*.tmp")
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// syncDir makes a rename durable where the platform allows it.
func syncDir(dir string) {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
}

// PutAside implements Store: NAME.json becomes NAME.damaged-DATE-TIME.json
// (with a number added if that exists already).
func (d *Dir) PutAside(name string) (string, error) {
	cur := d.file(name)
	stamp := time.Now().Format("20060102-150405")
	for k := 0; k < 100; k++ {
		to := filepath.Join(d.Path, fmt.Sprintf("%s.damaged-%s.json", name, stamp))
		if k > 0 {
			to = filepath.Join(d.Path, fmt.Sprintf("%s.damaged-%s-%d.json", name, stamp, k))
		}
		if _, err := os.Lstat(to); err == nil {
			continue
		}
		if err := os.Rename(cur, to); err != nil {
			return "", err
		}
		syncDir(d.Path)
		return to, nil
	}
	return "", fmt.Errorf("too many damaged saves in %s", d.Path)
}

// Remove implements Store.
func (d *Dir) Remove(name string) error {
	err := os.Remove(d.file(name))
	if os.IsNotExist(err) {
		return nil
	}
	return err
}

// Where implements Store.
func (d *Dir) Where() string { return d.Path }

// WriteFile writes data to path atomically (for exported records).
func WriteFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	tmp, err := writeTemp(dir, filepath.Base(path), data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// ReadFile reads at most max bytes of path (for imported records).
func ReadFile(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, max)
	}
	return b, nil
}
