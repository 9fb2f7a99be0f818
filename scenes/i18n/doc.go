// Package i18n holds the game's words: one catalogue per language
// (English, German, French, Italian and Spanish, as on the box), written
// for this game. Every string of the interface and of the rules screen is
// looked up here by key; a test checks that every key exists in every
// language with the same placeholders.
package i18n
