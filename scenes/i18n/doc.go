// Package i18n holds the game's words: one catalogue per language
// (English, German, French, Italian and Spanish, as on the box), written
// for this game; the online service's words are in package
// scenes/i18n/onlinewords, joined to each language's catalogue here, and
// plurals are chosen by each language's rule (plural.go). Every string of the interface and of the rules screen is
// looked up here by key; a test checks that every key exists in every
// language with the same placeholders.
package i18n
