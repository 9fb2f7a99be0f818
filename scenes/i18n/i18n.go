package i18n

import (
	"strings"

	"shiftago/scenes/i18n/onlinewords"
)

// Catalog maps keys to the texts of one language. Texts with
// placeholders are fmt formats; every language has the same verbs in the
// same order.
type Catalog map[string]string

// Langs are the language codes, in the order the settings offer them.
var Langs = []string{"en", "de", "fr", "it", "es"}

// Names are the languages' names in themselves.
var Names = map[string]string{"en": "English", "de": "Deutsch", "fr": "Français", "it": "Italiano", "es": "Español"}

// Each language's catalogue is its game's words (en.go, …) and its online
// service's words (package onlinewords), joined once here.
var (
	en = join(enGame, onlinewords.EN)
	de = join(deGame, onlinewords.DE)
	fr = join(frGame, onlinewords.FR)
	it = join(itGame, onlinewords.IT)
	es = join(esGame, onlinewords.ES)
)

var catalogs = map[string]Catalog{"en": en, "de": de, "fr": fr, "it": it, "es": es}

// join is a new catalogue of game's words and online's; a key in both
// would hide one text, so it panics, at start-up (and in every test).
func join(game Catalog, online map[string]string) Catalog {
	c := make(Catalog, len(game)+len(online))
	for k, v := range game {
		c[k] = v
	}
	for k, v := range online {
		if _, dup := c[k]; dup {
			panic("i18n: " + k + " is both a game's and an online word")
		}
		c[k] = v
	}
	return c
}

// Get returns the catalogue of lang, English if lang is not one of Langs.
func Get(lang string) Catalog {
	if c, ok := catalogs[lang]; ok {
		return c
	}
	return en
}

// Supported reports whether lang is one of Langs.
func Supported(lang string) bool { _, ok := catalogs[lang]; return ok }

// T is the text of key; a missing key shows as itself, so that it is seen
// (the tests make sure none is missing).
func (c Catalog) T(key string) string {
	if s, ok := c[key]; ok {
		return s
	}
	if s, ok := en[key]; ok {
		return s
	}
	return key
}

// Detect picks the language from a locale such as LANG's "de_DE.UTF-8" or
// a browser's "fr-CH"; several may be given, separated by ':' or ','
// (LANGUAGE, navigator.languages). English if none is supported.
func Detect(locales ...string) string {
	for _, l := range locales {
		for _, part := range strings.FieldsFunc(l, func(r rune) bool { return r == ':' || r == ',' }) {
			part = strings.ToLower(strings.TrimSpace(part))
			if len(part) >= 2 && Supported(part[:2]) && (len(part) == 2 || strings.ContainsAny(part[2:3], "_-.@")) {
				return part[:2]
			}
		}
	}
	return "en"
}
