package sound

import (
	"github.com/hajimehoshi/ebiten/v2/audio"

	"shiftago/assets"
)

// browser: no sound before the first touch or key (browsers block it).
const browser = isBrowser

// Cue is a kind of sound the game plays.
type Cue uint8

// The cues.
const (
	CueRoll Cue = iota
	CueClick
	CueScore
	CueWin
	CueTap
	CueRefuse
	numCues
)

const (
	rollLengths = 7 // a roll's length in cells, 1..7
	rollSpeeds  = 3
	clickLevels = 4
)

// Sound plays the game's synthesized sounds through one audio context,
// with a volume and a mute. Without a sound device it stays silent and
// says so once (Notice); with mute from the start it never even creates
// the audio context, so it can never fail.
type Sound struct {
	ctx *audio.Context
	// later: the context is for Open to create (in the browser, once the
	// first frame is up: creating a Web Audio context and its worklet
	// held up the title screen, and nothing can sound before the first
	// touch anyway).
	later  bool
	muted  bool
	volume float64
	notice string // a catalogue key

	roll  [rollLengths][rollSpeeds][]byte
	click [clickLevels][]byte
	other [numCues][]byte

	playing []*audio.Player
}

// New opens the audio context unless off is set or no sound device
// answers; muted and volume are the player's settings. In the browser it
// leaves the context for Open.
func New(off, muted bool, volume float64) *Sound {
	return newSound(off, muted, volume, browser, probeSoundDevice)
}

// newSound is New, with the context left for Open if later is set and
// probe asking for the sound device.
func newSound(off, muted bool, volume float64, later bool, probe func() error) *Sound {
	s := &Sound{muted: muted, volume: volume}
	if off {
		return s
	}
	if err := probe(); err != nil {
		s.notice = "notice.nodevice"
		return s
	}
	if later {
		s.later = true
		return s
	}
	s.ctx = audio.NewContext(assets.SampleRate)
	return s
}

// Open creates the audio context New left for later; otherwise it does
// nothing. The game calls it once its first frame is drawn (before
// that, no touch or key can have come, so no sound is lost).
func (s *Sound) Open() {
	if !s.later {
		return
	}
	s.later = false
	s.ctx = audio.NewContext(assets.SampleRate)
}

// Available reports whether sound can be heard at all (a context left
// for Open counts).
func (s *Sound) Available() bool { return s.ctx != nil || s.later }

// Notice is the catalogue key of a message to show once about the
// sound, or "".
func (s *Sound) Notice() string { return s.notice }

// Muted reports whether sound is off.
func (s *Sound) Muted() bool { return s.muted }

// SetMuted turns sound off or on.
func (s *Sound) SetMuted(m bool) {
	s.muted = m
	if m {
		for _, p := range s.playing {
			p.Pause()
		}
	}
}

// Volume is the volume, 0..1.
func (s *Sound) Volume() float64 { return s.volume }

// SetVolume sets the volume, 0..1.
func (s *Sound) SetVolume(v float64) { s.volume = max(0, min(1, v)) }

func pcm(snd assets.Sound) []byte { return snd.PCM16Stereo(1) }

// Play plays a cue. x is the cue's strength: for a roll its length in
// cells (1..7) and speed (y, 0..1), for a click the impact (0..1).
func (s *Sound) Play(c Cue, x, y float64) {
	if s.ctx == nil || s.muted || s.volume == 0 {
		return
	}
	if browser && !s.ctx.IsReady() {
		return // no sound before the first touch or key: browsers block it
	}
	var b []byte
	switch c {
	case CueRoll:
		l := max(0, min(rollLengths-1, int(x+0.5)-1))
		v := max(0, min(rollSpeeds-1, int(y*rollSpeeds)))
		if s.roll[l][v] == nil {
			speed := (float64(v) + 0.5) / rollSpeeds
			s.roll[l][v] = pcm(assets.Roll(0.12+0.09*float64(l+1)/(0.4+speed), speed, uint64(l*rollSpeeds+v)))
		}
		b = s.roll[l][v]
	case CueClick:
		k := max(0, min(clickLevels-1, int(x*clickLevels)))
		if s.click[k] == nil {
			s.click[k] = pcm(assets.Click((float64(k)+0.5)/clickLevels, uint64(k)))
		}
		b = s.click[k]
	default:
		if s.other[c] == nil {
			switch c {
			case CueScore:
				s.other[c] = pcm(assets.Score())
			case CueWin:
				s.other[c] = pcm(assets.Win())
			case CueTap:
				s.other[c] = pcm(assets.Tap())
			case CueRefuse:
				s.other[c] = pcm(assets.Refuse())
			}
		}
		b = s.other[c]
	}
	if b == nil {
		return
	}
	// Let go of players that have finished.
	live := s.playing[:0]
	for _, p := range s.playing {
		if p.IsPlaying() {
			live = append(live, p)
		} else {
			p.Close()
		}
	}
	s.playing = live
	if len(s.playing) > 16 {
		return
	}
	p := s.ctx.NewPlayerFromBytes(b)
	p.SetVolume(s.volume)
	p.Play()
	s.playing = append(s.playing, p)
}
