package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"

	"github.com/andybalholm/brotli"
)

// brotliWindow is the largest window the format allows (16 MiB), which
// every browser decodes; it gains about 1% on the .wasm over the default.
const brotliWindow = 24

// compressBrotli compresses data at quality q (0–11) and checks that it
// decompresses to the same bytes.
func compressBrotli(data []byte, q int) ([]byte, error) {
	var b bytes.Buffer
	w := brotli.NewWriterOptions(&b, brotli.WriterOptions{Quality: q, LGWin: brotliWindow})
	if _, err := w.Write(data); err != nil {
		return nil, fmt.Errorf("brotli: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("brotli: %w", err)
	}
	back, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b.Bytes())))
	if err != nil {
		return nil, fmt.Errorf("brotli: reading back: %w", err)
	}
	if !bytes.Equal(back, data) {
		return nil, fmt.Errorf("brotli: the copy does not decompress to the original")
	}
	return b.Bytes(), nil
}

// compressGzip compresses data at the best level, with no name or time in
// the header (the same input gives the same bytes), and checks it.
func compressGzip(data []byte) ([]byte, error) {
	var b bytes.Buffer
	w, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("gzip: %w", err)
	}
	r, err := gzip.NewReader(bytes.NewReader(b.Bytes()))
	if err != nil {
		return nil, fmt.Errorf("gzip: reading back: %w", err)
	}
	back, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("gzip: reading back: %w", err)
	}
	if !bytes.Equal(back, data) {
		return nil, fmt.Errorf("gzip: the copy does not decompress to the original")
	}
	return b.Bytes(), nil
}

// compressFile writes name's brotli copy, name.br, at quality q, as the
// bundle's copies are made: the browser test compresses the yardstick
// page's .wasm so, to set the floor beside the game's.
func compressFile(name string, q int) error {
	if q < 0 || q > 11 {
		return fmt.Errorf("brotli quality %d: want 0–11", q)
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	br, err := compressBrotli(data, q)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return os.WriteFile(name+".br", br, 0o644)
}
