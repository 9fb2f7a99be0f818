//go:build !js

package saves

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// Dir keeps each file as NAME.json in a directory.
type Dir struct {
	Path string
}

// Open returns the platform's store: the "shiftago" directory in the
// user's configuration directory; when there is none (no HOME) a Memory
// store with ErrUnavailable, which keeps the games until the game
// closes.
func Open() (Store, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return &Memory{}, fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return OpenDir(filepath.Join(dir, "shiftago")), nil
}

// OpenDir is the store in dir. It removes the temporary files that a
// write cut short (a crash, kill -9) left behind; only those older than
// a minute, so that another window's write under way is never touched.
func OpenDir(dir string) *Dir {
	d := &Dir{Path: dir}
	d.cleanTemp(time.Now().Add(-time.Minute))
	return d
}

// cleanTemp removes the temporary files (.NAME-*.tmp, NAME.json.bak.tmp)
// last changed before cutoff.
func (d *Dir) cleanTemp(cutoff time.Time) {
	ents, err := os.ReadDir(d.Path)
	if err != nil {
		return
	}
	for _, e := range ents {
		n := e.Name()
		if !strings.HasSuffix(n, ".tmp") || !(strings.HasPrefix(n, ".") || strings.HasSuffix(n, ".json.bak.tmp")) {
			continue
		}
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && info.ModTime().Before(cutoff) {
			os.Remove(filepath.Join(d.Path, n))
		}
	}
}

func (d *Dir) file(name string) string { return filepath.Join(d.Path, name+".json") }

// Read implements Store: only a regular file, and at most maxSave
// bytes of it (a FIFO or a link to /dev/zero as a save must not hang the
// start).
func (d *Dir) Read(name string) ([]byte, error) { return ReadFile(d.file(name), maxSave) }

// ReadBackup implements Store.
func (d *Dir) ReadBackup(name string) ([]byte, error) {
	return ReadFile(d.file(name)+".bak", maxSave)
}

// WriteNoBackup implements Store.
func (d *Dir) WriteNoBackup(name string, data []byte) error {
	if err := os.MkdirAll(d.Path, 0o755); err != nil {
		return err
	}
	tmp, err := writeTemp(d.Path, name, data)
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, d.file(name)); err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(d.Path)
	return nil
}

// Names implements Store.
func (d *Dir) Names(prefix string) []string {
	ents, err := os.ReadDir(d.Path)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range ents {
		n, ok := strings.CutSuffix(e.Name(), ".json")
		if ok && strings.HasPrefix(n, prefix) && plainName(n) && e.Type().IsRegular() {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

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

// ReadFile reads path if it is a regular file of at most max bytes. It
// asks first (Stat, following links): a FIFO, a device such as
// /dev/zero or a directory is refused without ever being opened, since
// opening or reading one could block or never end.
func ReadFile(path string, max int64) ([]byte, error) {
	return readFS(os.DirFS(filepath.Dir(path)), filepath.Base(path), max)
}
