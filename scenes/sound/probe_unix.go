//go:build (linux && !android) || freebsd || netbsd

package sound

import (
	"fmt"
	"os"

	"github.com/ebitengine/purego"
	"github.com/jfreymuth/pulse"
	"golang.org/x/sys/unix"
)

// probeSoundDevice tries, before any audio context exists, what ebiten's
// audio backend (oto) will try: a PulseAudio server, then ALSA's default
// playback device. Once an audio context is created, a failure there ends
// RunGame, so the game asks first and stays silent when nothing answers.
func probeSoundDevice() error {
	c, perr := pulse.NewClient(pulse.ClientApplicationName("shiftago"))
	if perr == nil {
		c.Close()
		return nil
	}
	var handle uintptr
	var err error
	for _, name := range []string{"libasound.so.2", "libasound.so"} {
		if handle, err = purego.Dlopen(name, purego.RTLD_LAZY|purego.RTLD_GLOBAL); err == nil {
			break
		}
	}
	if handle == 0 {
		return fmt.Errorf("no PulseAudio (%v) and no ALSA library (%v)", perr, err)
	}
	var open func(pcm *uintptr, name string, stream int32, mode int32) int32
	var closePCM func(pcm uintptr) int32
	purego.RegisterLibFunc(&open, handle, "snd_pcm_open")
	purego.RegisterLibFunc(&closePCM, handle, "snd_pcm_close")
	const playback, nonBlock = 0, 1
	found := false
	// Where there is no sound card ALSA writes some 16 lines of complaints
	// to stderr for these two tries; the game says it in one notice.
	quietStderr(func() {
		for _, dev := range []string{"default", "plug:default"} {
			var pcm uintptr
			if open(&pcm, dev, playback, nonBlock) >= 0 {
				closePCM(pcm)
				found = true
				return
			}
		}
	})
	if found {
		return nil
	}
	return fmt.Errorf("no PulseAudio (%v) and no ALSA playback device", perr)
}

// quietStderr runs f with file descriptor 2 pointed at /dev/null, then
// puts it back: C libraries write to the descriptor, not to os.Stderr.
// It is used once, at start, before anything else runs that writes to
// stderr; if the descriptors cannot be juggled f runs as it is.
func quietStderr(f func()) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		f()
		return
	}
	defer null.Close()
	saved, err := unix.Dup(2)
	if err != nil {
		f()
		return
	}
	defer unix.Close(saved)
	if err := unix.Dup2(int(null.Fd()), 2); err != nil {
		f()
		return
	}
	defer unix.Dup2(saved, 2)
	f()
}
