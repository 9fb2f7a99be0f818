package assets

import (
	_ "embed" // the fonts below
	"sync"

	"golang.org/x/image/font/sfnt"
)

// The fonts are embedded in the binary, so the game needs no font file
// at run time. They are the Go fonts without their hinting instructions,
// which sfnt never runs: fonts/README says how they were made.
var (
	//go:embed fonts/Go-Regular.ttf
	regularTTF []byte
	//go:embed fonts/Go-Bold.ttf
	boldTTF []byte

	regular = sync.OnceValues(func() (*sfnt.Font, error) { return sfnt.Parse(regularTTF) })
	bold    = sync.OnceValues(func() (*sfnt.Font, error) { return sfnt.Parse(boldTTF) })
)

// Regular is Go Regular, the face of all running text.
func Regular() (*sfnt.Font, error) { return regular() }

// Bold is Go Bold, for titles and announcements.
func Bold() (*sfnt.Font, error) { return bold() }
