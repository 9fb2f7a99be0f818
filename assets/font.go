package assets

import (
	"sync"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// The Go fonts are embedded in the binary by golang.org/x/image, so the
// game needs no font file at run time.
var (
	regular = sync.OnceValues(func() (*sfnt.Font, error) { return sfnt.Parse(goregular.TTF) })
	bold    = sync.OnceValues(func() (*sfnt.Font, error) { return sfnt.Parse(gobold.TTF) })
)

// Regular is Go Regular, the face of all running text.
func Regular() (*sfnt.Font, error) { return regular() }

// Bold is Go Bold, for titles and announcements.
func Bold() (*sfnt.Font, error) { return bold() }
