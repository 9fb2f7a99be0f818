package i18n

import (
	"strings"
	"testing"
)

// TestPluralForms: every counting text has its singular form in English
// (and so, by TestEveryKeyInEveryLanguage, in every language), its count
// is a %d, and no ".one" form is left without a count to choose it.
func TestPluralForms(t *testing.T) {
	for key, i := range Counts {
		s, ok := en[key+".one"]
		if !ok {
			t.Errorf("%q counts argument %d but has no %q", key, i, key+".one")
			continue
		}
		verbs := verb.FindAllString(en[key], -1)
		if i >= len(verbs) || verbs[i] != "%d" {
			t.Errorf("%q: argument %d is %v, not a %%d", key, i, verbs)
		}
		if s == en[key] {
			t.Errorf("%q: the singular form is the plural one", key)
		}
	}
	for key := range en {
		if base, ok := strings.CutSuffix(key, ".one"); ok {
			if _, counted := Counts[base]; !counted {
				t.Errorf("%q: %q is not in Counts, so F never picks it", key, base)
			}
		}
	}
}

// TestPluralByLanguage: the count picks the form by each language's own
// rule (French says 0 in the singular), and a caller passes only the
// count.
func TestPluralByLanguage(t *testing.T) {
	cases := []struct {
		lang, key string
		args      []any
		want      string
	}{
		{"en", "replay.start", []any{1}, "Start of the game (1 move)"},
		{"en", "replay.start", []any{0}, "Start of the game (0 moves)"},
		{"en", "replay.start", []any{2}, "Start of the game (2 moves)"},
		{"en", "records.keptgame", []any{"Express", 2, 1}, "Resume: Express, 2 players, 1 move"},
		{"en", "records.keptgame", []any{"Express", 1, 3}, "Resume: Express, 1 players, 3 moves"},
		{"en", "puzzle.task", []any{"Orange", 1}, "Orange to play and win in 1 move."},
		{"en", "status.scored", []any{"Blue", 1}, "Blue scored 1 point. "},
		{"fr", "replay.start", []any{0}, "Début de la partie (0 coup)"},
		{"fr", "replay.start", []any{1}, "Début de la partie (1 coup)"},
		{"fr", "replay.start", []any{2}, "Début de la partie (2 coups)"},
		{"de", "replay.start", []any{1}, "Anfang der Partie (1 Zug)"},
		{"de", "replay.start", []any{0}, "Anfang der Partie (0 Züge)"},
		{"it", "puzzle.task", []any{"Blu", 1}, "Blu muove e vince in 1 mossa."},
		{"es", "replay.provenwinin", []any{"Azul", 1}, "Azul gana en 1 jugada (demostrado)"},
		{"es", "replay.provenwinin", []any{"Azul", 3}, "Azul gana en 3 jugadas (demostrado)"},
		{"en", "online.days", []any{1}, "1 day"},
		{"it", "online.days", []any{1}, "1 giorno"},
		{"it", "online.days", []any{3}, "3 giorni"},
	}
	for _, c := range cases {
		if got := New(c.lang).F(c.key, c.args...); got != c.want {
			t.Errorf("%s %s %v: %q, want %q", c.lang, c.key, c.args, got, c.want)
		}
	}
}
