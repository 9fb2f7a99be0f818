package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestHashed(t *testing.T) {
	a := hashed("shiftago.wasm", []byte("a"))
	if !regexp.MustCompile(`^shiftago\.[0-9a-f]{10}\.wasm$`).MatchString(a) {
		t.Errorf("hashed name %q", a)
	}
	if a == hashed("shiftago.wasm", []byte("b")) {
		t.Error("different contents, same name")
	}
}

func TestFill(t *testing.T) {
	got, err := fill("t", `a @@X@@ b @@X@@ ["@@L@@"]`, map[string]string{"X": "1", `["@@L@@"]`: "[2]"})
	if err != nil || got != "a 1 b 1 [2]" {
		t.Errorf("fill = %q, %v", got, err)
	}
	if _, err := fill("t", "a", map[string]string{"X": "1"}); err == nil {
		t.Error("a missing placeholder passed")
	}
	if _, err := fill("t", "@@X@@ @@Y@@", map[string]string{"X": "1"}); err == nil {
		t.Error("an unfilled placeholder passed")
	}
}

// TestPack packs a stand-in build with the real template and checks that
// the page names the hashed files, which exist with their compressed
// copies.
func TestPack(t *testing.T) {
	dir := t.TempDir()
	wasm := bytes.Repeat([]byte("\x00asm wasm "), 1000)
	os.WriteFile(filepath.Join(dir, "shiftago.wasm"), wasm, 0o644)
	os.WriteFile(filepath.Join(dir, "wasm_exec.js"), []byte("// wasm_exec"), 0o644)
	if err := pack(dir, "..", "v9-test", 5); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		t.Helper()
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	for _, gone := range []string{"shiftago.wasm", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(dir, gone)); err == nil {
			t.Errorf("%s is still there", gone)
		}
	}
	page := read("index.html")
	wasmName := regexp.MustCompile(`shiftago\.[0-9a-f]{10}\.wasm`).FindString(page)
	execName := regexp.MustCompile(`wasm_exec\.[0-9a-f]{10}\.js`).FindString(page)
	if wasmName == "" || execName == "" {
		t.Fatalf("the page does not name the hashed files")
	}
	if !strings.Contains(page, "WASM_SIZE = 10000;") {
		t.Error("the page does not carry the .wasm's size")
	}
	if read(wasmName) != string(wasm) {
		t.Error("the hashed .wasm differs from the build's")
	}
	for _, f := range []string{"index.html", wasmName, execName} {
		read(f + ".br")
		read(f + ".gz")
	}
	if err := pack(t.TempDir(), "..", "bad version", 5); err == nil {
		t.Error("a version with a space passed")
	}
}

func TestCompress(t *testing.T) {
	data := bytes.Repeat([]byte("shiftago "), 5000)
	br, err := compressBrotli(data, 11)
	if err != nil || len(br) >= len(data)/10 {
		t.Errorf("brotli: %d bytes, %v", len(br), err)
	}
	gz, err := compressGzip(data)
	if err != nil || len(gz) >= len(data)/10 {
		t.Errorf("gzip: %d bytes, %v", len(gz), err)
	}
}
