package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

func main() {
	dir := flag.String("dir", "dist/web", "the bundle's folder, holding shiftago.wasm and wasm_exec.js")
	src := flag.String("src", "wasm", "the folder holding the templates index.html, searcher.js and sw.js")
	version := flag.String("version", "dev", "the build's version, shown in sw.js and the cache name")
	quality := flag.Int("brotli-quality", 11, "brotli quality, 0–11 (11 takes ~40 s on the .wasm; 5 takes ~1 s)")
	one := flag.String("compress", "", "only write this file's brotli copy, FILE.br, as the bundle's are made (the browser test's yardstick)")
	flag.Parse()
	if *one != "" {
		if err := compressFile(*one, *quality); err != nil {
			fmt.Fprintln(os.Stderr, "pack:", err)
			os.Exit(1)
		}
		return
	}
	if err := pack(*dir, *src, *version, *quality); err != nil {
		fmt.Fprintln(os.Stderr, "pack:", err)
		os.Exit(1)
	}
}

// hashLen is the length of the hex content hash put into file names.
const hashLen = 10

// hashed returns name with the first hashLen hex digits of data's SHA-256
// before its extension: shiftago.wasm → shiftago.0123456789.wasm.
func hashed(name string, data []byte) string {
	sum := sha256.Sum256(data)
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:])[:hashLen] + ext
}

// bundle is the set of files written, by name.
type bundle struct {
	dir   string
	files map[string][]byte
}

func (b *bundle) write(name string, data []byte) error {
	b.files[name] = data
	return os.WriteFile(filepath.Join(b.dir, name), data, 0o644)
}

func pack(dir, src, version string, quality int) error {
	if !versionOK.MatchString(version) {
		return fmt.Errorf("version %q: want letters, digits and . _ + - only", version)
	}
	if quality < 0 || quality > 11 {
		return fmt.Errorf("brotli quality %d: want 0–11", quality)
	}
	b := &bundle{dir: dir, files: map[string][]byte{}}

	// The build's output, renamed by content.
	names := map[string]string{} // placeholder → file name
	for _, f := range []struct{ file, key string }{{"shiftago.wasm", "WASM_URL"}, {"wasm_exec.js", "WASM_EXEC_URL"}} {
		data, err := os.ReadFile(filepath.Join(dir, f.file))
		if err != nil {
			return fmt.Errorf("the build's output is missing: %w", err)
		}
		if len(data) == 0 {
			return fmt.Errorf("%s is empty", f.file)
		}
		name := hashed(f.file, data)
		if err := b.write(name, data); err != nil {
			return err
		}
		if err := os.Remove(filepath.Join(dir, f.file)); err != nil {
			return err
		}
		names[f.key] = name
	}
	wasmSize := len(b.files[names["WASM_URL"]])

	// The search's Web Worker: its script (from the template searcher.js)
	// names wasm_exec.js and the game's own .wasm, which serves searches
	// there (package wasm/searcher/worker): one program to fetch, not two.
	// The page names the script.
	tmpl, err := os.ReadFile(filepath.Join(src, "searcher.js"))
	if err != nil {
		return err
	}
	script, err := fill("searcher.js", string(tmpl), map[string]string{"WASM_EXEC_URL": names["WASM_EXEC_URL"], "SEARCHER_WASM_URL": names["WASM_URL"]})
	if err != nil {
		return err
	}
	names["SEARCHER_URL"] = hashed("searcher.js", []byte(script))
	if err := b.write(names["SEARCHER_URL"], []byte(script)); err != nil {
		return err
	}

	// Icons and the manifest that lists them.
	type manifestIcon struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose"`
	}
	var mIcons []manifestIcon
	// extras are the files only an install needs: the service worker
	// keeps them once a game has started, not on a first visit (sw.js).
	extras := []string{"manifest.webmanifest"}
	for _, ic := range icons {
		data, err := ic.encode()
		if err != nil {
			return fmt.Errorf("%s: %w", ic.name, err)
		}
		name := hashed(ic.name, data)
		if err := b.write(name, data); err != nil {
			return err
		}
		extras = append(extras, name)
		switch {
		case ic.name == "apple-touch-icon.png":
			names["APPLE_TOUCH_ICON_URL"] = name
		case ic.name == "icon-192.png":
			names["ICON_URL"] = name
		case ic.name == "favicon-32.png":
			names["FAVICON_URL"] = name
		}
		if ic.purpose != "" {
			mIcons = append(mIcons, manifestIcon{name, fmt.Sprintf("%dx%d", ic.size, ic.size), "image/png", ic.purpose})
		}
	}
	manifest, err := json.MarshalIndent(map[string]any{
		"id":                          "./",
		"name":                        "Shiftago",
		"short_name":                  "Shiftago",
		"description":                 "Push marbles onto the board, line them up and score: Shiftago for 2 to 4 players, against friends or the computer.",
		"lang":                        "en",
		"dir":                         "ltr",
		"start_url":                   "./",
		"scope":                       "./",
		"display":                     "standalone",
		"orientation":                 "any",
		"background_color":            "#1d2a26",
		"theme_color":                 "#1d2a26",
		"categories":                  []string{"games"},
		"icons":                       mIcons,
		"prefer_related_applications": false,
	}, "", "  ")
	if err != nil {
		return err
	}
	if err := b.write("manifest.webmanifest", append(manifest, '\n')); err != nil {
		return err
	}

	// The page.
	tmpl, err = os.ReadFile(filepath.Join(src, "index.html"))
	if err != nil {
		return err
	}
	names["WASM_SIZE"] = strconv.Itoa(wasmSize)
	names["VERSION"] = version
	page, err := fill("index.html", string(tmpl), names)
	if err != nil {
		return err
	}
	if err := b.write("index.html", []byte(page)); err != nil {
		return err
	}

	// The service worker keeps everything above as one version: its cache
	// name comes from all of it, so any change makes a new cache. It
	// precaches what a game needs and keeps the extras later.
	precache := []string{"./"}
	for name := range b.files {
		if name != "index.html" && !slices.Contains(extras, name) {
			precache = append(precache, name)
		}
	}
	slices.Sort(precache[1:])
	slices.Sort(extras)
	sum := sha256.New()
	for _, name := range slices.Concat([]string{"index.html"}, precache[1:], extras) {
		fmt.Fprintf(sum, "%s %d\n", name, len(b.files[name]))
		sum.Write(b.files[name])
	}
	build := hex.EncodeToString(sum.Sum(nil))[:hashLen]
	list, err := json.Marshal(precache)
	if err != nil {
		return err
	}
	extraList, err := json.Marshal(extras)
	if err != nil {
		return err
	}
	pageSum := sha256.Sum256(b.files["index.html"])
	cacheName, err := json.Marshal("shiftago-" + version + "-" + build)
	if err != nil {
		return err
	}
	tmpl, err = os.ReadFile(filepath.Join(src, "sw.js"))
	if err != nil {
		return err
	}
	versionJSON, _ := json.Marshal(version)
	sw, err := fill("sw.js", string(tmpl), map[string]string{
		`"@@CACHE@@"`:       string(cacheName),
		`"@@VERSION@@"`:     string(versionJSON),
		`["@@FILES@@"]`:     string(list),
		`["@@EXTRAS@@"]`:    string(extraList),
		`"@@PAGE_SHA256@@"`: `"` + hex.EncodeToString(pageSum[:]) + `"`,
	})
	if err != nil {
		return err
	}
	if err := b.write("sw.js", []byte(sw)); err != nil {
		return err
	}

	// Compressed copies of every text file, two at a time (the .wasm's
	// brotli is most of the build's time).
	var todo []string
	for name := range b.files {
		if path.Ext(name) != ".png" {
			todo = append(todo, name)
		}
	}
	slices.Sort(todo)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	sem := make(chan struct{}, 2)
	for _, name := range todo {
		for _, enc := range []string{".br", ".gz"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				var out []byte
				var err error
				if enc == ".br" {
					out, err = compressBrotli(b.files[name], quality)
				} else {
					out, err = compressGzip(b.files[name])
				}
				if err == nil {
					err = os.WriteFile(filepath.Join(dir, name+enc), out, 0o644)
				}
				if err != nil {
					mu.Lock()
					errs = append(errs, fmt.Errorf("%s%s: %w", name, enc, err))
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	fmt.Printf("pack: %s, cache %s\n", version, strings.Trim(string(cacheName), `"`))
	return nil
}

// versionOK is what a version may be (it goes into the page and the
// cache's name as it is): git describe's output, a tag, "dev".
var versionOK = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._+-]*$`)

var placeholder = regexp.MustCompile(`@@[A-Z_]+@@`)

// fill replaces each key of vals in tmpl by its value (a key "NAME" stands
// for "@@NAME@@"; other keys are taken as they are). Every key must occur,
// and no placeholder may be left.
func fill(what, tmpl string, vals map[string]string) (string, error) {
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		token := k
		if !strings.Contains(k, "@@") {
			token = "@@" + k + "@@"
		}
		if !strings.Contains(tmpl, token) {
			return "", fmt.Errorf("%s: the template has no %s", what, token)
		}
		tmpl = strings.ReplaceAll(tmpl, token, vals[k])
	}
	if left := placeholder.FindString(tmpl); left != "" {
		return "", fmt.Errorf("%s: %s is left unfilled", what, left)
	}
	return tmpl, nil
}
