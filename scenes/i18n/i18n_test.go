package i18n

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"shiftago/logic/ai"
)

var verb = regexp.MustCompile(`%[-+# 0]*[0-9]*(\.[0-9]+)?[a-zA-Z%]`)

// TestEveryKeyInEveryLanguage: each catalogue has exactly English's keys,
// none empty, with the same placeholders in the same order (a missing %d
// would print garbage, an extra one "%!d(MISSING)").
func TestEveryKeyInEveryLanguage(t *testing.T) {
	for _, l := range Langs {
		c := Get(l)
		if l != "en" && len(c) == 0 {
			t.Fatalf("%s: empty catalogue", l)
		}
		for k, s := range en {
			v, ok := c[k]
			if !ok {
				t.Errorf("%s: missing %q", l, k)
				continue
			}
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s: %q is empty", l, k)
			}
			if a, b := strings.Join(verb.FindAllString(s, -1), " "), strings.Join(verb.FindAllString(v, -1), " "); a != b {
				t.Errorf("%s: %q has placeholders %q, English %q", l, k, b, a)
			}
		}
		for k := range c {
			if _, ok := en[k]; !ok {
				t.Errorf("%s: %q is not an English key (a typo?)", l, k)
			}
		}
		if c["lang.name"] != Names[l] {
			t.Errorf("%s: lang.name %q, Names says %q", l, c["lang.name"], Names[l])
		}
	}
}

func TestDetect(t *testing.T) {
	cases := []struct {
		in   []string
		want string
	}{
		{[]string{"de_DE.UTF-8"}, "de"},
		{[]string{"", "", "fr_CH:en", "en_US.UTF-8"}, "fr"},
		{[]string{"C.UTF-8", "it_IT"}, "it"},
		{[]string{"es-419", "en"}, "es"},
		{[]string{"pt-BR", "de-AT"}, "de"},
		{[]string{"pt-BR", "ja"}, "en"},
		{[]string{"deutsch"}, "en"},
		{nil, "en"},
	}
	for _, tc := range cases {
		if got := Detect(tc.in...); got != tc.want {
			t.Errorf("Detect(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// TestKeysUsedExist: every catalogue key written in the game's code (a
// string such as "status.turn" in any package under scenes/) is in the
// English catalogue, and so, by TestEveryKeyInEveryLanguage, in every language.
func TestKeysUsedExist(t *testing.T) {
	prefixes := map[string]bool{}
	for k := range en {
		prefixes[k[:strings.IndexByte(k, '.')+1]] = true
	}
	re := regexp.MustCompile(`"([a-z0-9]+\.[a-z0-9.]+)"`)
	seen := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Dir(path) == "." {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range re.FindAllStringSubmatch(string(b), -1) {
			key := m[1]
			if !prefixes[key[:strings.IndexByte(key, '.')+1]] || strings.HasSuffix(key, ".") {
				continue // not a key (a file name, a version)
			}
			seen++
			if _, ok := en[key]; !ok {
				t.Errorf("%s: key %q is not in the catalogue", path, key)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 80 {
		t.Errorf("only %d keys found in the code", seen)
	}
}

// TestLangTables: every language's name tables are filled, none with a
// key left as it is.
func TestLangTables(t *testing.T) {
	for _, code := range Langs {
		l := New(code)
		for _, names := range [][]string{l.Colors[:], l.Variants[:], l.VariantDesc[:], l.Seats[:], l.SitOuts[1:], l.Levels[1:], l.LevelLabels[1:]} {
			for _, s := range names {
				if s == "" || strings.Contains(s, "level.") || strings.HasPrefix(s, "color.") || strings.HasPrefix(s, "card.") {
					t.Errorf("%s: a name table holds %q", code, s)
				}
			}
		}
	}
	if New("xx").Code != "en" {
		t.Error("an unknown language is not English")
	}
}

// TestEveryLevelNamed: ai.MaxLevel owns how many levels there are; every
// language names each one, so a new level shows its own name, never the
// key or the level below's.
func TestEveryLevelNamed(t *testing.T) {
	for _, lang := range Langs {
		l := New(lang)
		for n := 1; n <= ai.MaxLevel; n++ {
			key := "level." + strconv.Itoa(n)
			if _, ok := Get(lang)[key]; !ok {
				t.Errorf("%s: no %q for level %d of %d", lang, key, n, ai.MaxLevel)
			}
			if l.Level(n) != l.Levels[n] || l.Levels[n] == "" || l.Levels[n] == key {
				t.Errorf("%s: level %d is named %q", lang, n, l.Level(n))
			}
		}
	}
}
