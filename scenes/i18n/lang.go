package i18n

import (
	"fmt"
	"strconv"

	"shiftago/logic/ai"
)

// Lang is one language's words, ready to use: the catalogue and the name
// tables the interface shows everywhere (colours, variants, seats, AI
// levels). It is a value built once per language and passed around; no
// package state changes when the player switches language.
type Lang struct {
	Code string
	cat  Catalog

	Colors      [4]string               // Orange, Green, Blue, White (logic.Color order)
	Variants    [3]string               // Express, Expert, Extreme (logic.Variant order)
	VariantDesc [3]string               // one line on each variant
	Seats       [4]string               // "Seat 1" …
	SitOuts     [7]string               // a card's "sits out N turns", 1..6 ("" for 0)
	Levels      [ai.MaxLevel + 1]string // the AI levels' names, 1..ai.MaxLevel ("" for 0)
	LevelLabels [ai.MaxLevel + 1]string // "3 · Club", 1..ai.MaxLevel
	Supply      [23]string              // a card's supply: "16 left", 0..22
}

// New builds the words of lang (one of Langs; anything else gives
// English).
func New(lang string) *Lang {
	if !Supported(lang) {
		lang = "en"
	}
	l := &Lang{Code: lang, cat: Get(lang)}
	for i, c := range "ogbw" {
		l.Colors[i] = l.T("color." + string(c))
	}
	for i, v := range [3]string{"express", "expert", "extreme"} {
		l.Variants[i] = l.T("variant." + v)
		l.VariantDesc[i] = l.T("desc." + v)
	}
	for i := range l.Seats {
		l.Seats[i] = l.F("setup.seat", i+1)
	}
	l.SitOuts[1] = l.T("card.sitsout1")
	for n := 2; n < len(l.SitOuts); n++ {
		l.SitOuts[n] = l.F("card.sitsoutn", n)
	}
	for n := 1; n < len(l.Levels); n++ {
		l.Levels[n] = l.T("level." + strconv.Itoa(n))
		l.LevelLabels[n] = strconv.Itoa(n) + " · " + l.Levels[n]
	}
	for n := range l.Supply {
		l.Supply[n] = l.F("card.supply", n)
	}
	return l
}

// T is the text of key.
func (l *Lang) T(key string) string { return l.cat.T(key) }

// F formats the text of key with a, in the singular form where key
// counts (Counts) and its count is one in the language (plural.go).
func (l *Lang) F(key string, a ...any) string {
	return fmt.Sprintf(l.cat.T(form(l.Code, key, a)), a...)
}

// Level is the name of AI level n (clamped to 1..ai.MaxLevel).
func (l *Lang) Level(n int) string { return l.Levels[max(1, min(len(l.Levels)-1, n))] }
