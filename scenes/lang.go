package scenes

import (
	"fmt"

	"shiftago/logic"
	"shiftago/logic/ai"
	"shiftago/scenes/i18n"
)

// The interface's language. Every string on screen comes from its
// catalogue through msg and msgf; the name tables below are refilled when
// the language changes.
var (
	lang = "en"
	cat  = i18n.Get("en")
)

// msg is the text of key in the current language.
func msg(key string) string { return cat.T(key) }

// msgf formats the text of key with a.
func msgf(key string, a ...any) string { return fmt.Sprintf(cat.T(key), a...) }

// Language is the code of the interface's language.
func Language() string { return lang }

// SetLanguage switches the interface to lang (a code of i18n.Langs;
// anything else gives English) and refills the name tables.
func SetLanguage(code string) {
	if !i18n.Supported(code) {
		code = "en"
	}
	lang, cat = code, i18n.Get(code)
	for c := logic.Orange; c <= logic.White; c++ {
		colorName[c] = msg("color." + string(c.Letter()))
	}
	for v := logic.Express; v <= logic.Extreme; v++ {
		variantNames[v] = msg("variant." + v.String())
		variantDesc[v] = msg("desc." + v.String())
	}
	for i := range seatLabels {
		seatLabels[i] = msgf("setup.seat", i+1)
	}
	sitOutLabels[1] = msg("card.sitsout1")
	for n := 2; n <= logic.MaxSitOuts; n++ {
		sitOutLabels[n] = msgf("card.sitsoutn", n)
	}
	for l := 1; l <= ai.MaxLevel; l++ {
		levelLabels[l] = digits[l] + " · " + levelName(l)
	}
	for b := range menuLabels {
		if k := menuKeys[b]; k != "" {
			menuLabels[b] = msg(k)
		}
	}
}

// levelName is the AI level's name in the current language.
func levelName(l int) string { return msg(fmt.Sprintf("level.%d", l)) }

// T is the text of key in the interface's language (for main).
func T(key string) string { return msg(key) }
