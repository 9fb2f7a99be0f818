package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"

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
