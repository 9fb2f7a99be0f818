// Package onlinewords is the online service's words in the five languages
// (en.go, de.go, …): the online menu, the invitation and the clock, My
// games, devices, the lobby, the profile and the leaderboard. Package i18n
// joins each language's map to that language's game words when it builds
// its catalogue, so that callers see one catalogue per language; its tests
// check that every key exists in all five and that no key is in both
// rooms. A translator finds the game's words in scenes/i18n and the
// online service's here.
package onlinewords
