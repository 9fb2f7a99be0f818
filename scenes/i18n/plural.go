package i18n

// Plurals by rule. A text that counts something ("%d moves") has a second
// form for the count that the language calls singular, kept under the key
// with ".one" after it ("replay.start.one": "Start of the game (%d
// move)"). Lang.F picks the form by the count's argument (Counts says
// which one) and the language's rule (one), so the callers never choose:
// they pass the count as before. The rules are CLDR's cardinal "one" for
// whole numbers: English, German, Italian and Spanish say one of 1 only,
// French of 0 and 1 ("0 coup"). CLDR's "many" of Italian, Spanish and
// French (a million and more) needs no form of its own in this game: no
// count it shows comes near.

// Counts names, for each text that has a ".one" form, the argument (from
// 0) that is its count.
var Counts = map[string]int{
	"replay.start":       0,
	"records.keptgame":   2,
	"puzzle.task":        1,
	"replay.provenwinin": 1,
	"status.scored":      1,
	"lobby.waiting":      0,
	"profile.games":      0,
	"online.days":        0,
	"profile.vs.games":   0,
}

// one reports whether lang says n in the singular.
func one(lang string, n int) bool {
	if lang == "fr" {
		return n == 0 || n == 1
	}
	return n == 1
}

// form is the key whose text F formats for key with arguments a: key.one
// when key counts and its count is singular in lang.
func form(lang, key string, a []any) string {
	i, ok := Counts[key]
	if !ok || i >= len(a) {
		return key
	}
	n, ok := a[i].(int)
	if ok && one(lang, n) {
		return key + ".one"
	}
	return key
}
