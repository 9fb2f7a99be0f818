package i18n

import (
	"regexp"
	"strings"
	"testing"
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
