//go:build (linux && !android) || freebsd || netbsd

package sound

import (
	"fmt"

	"github.com/ebitengine/purego"
	"github.com/jfreymuth/pulse"
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
	for _, dev := range []string{"default", "plug:default"} {
		var pcm uintptr
		if open(&pcm, dev, playback, nonBlock) >= 0 {
			closePCM(pcm)
			return nil
		}
	}
	return fmt.Errorf("no PulseAudio (%v) and no ALSA playback device", perr)
}
