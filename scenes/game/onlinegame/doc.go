// Package onlinegame is the screen of an online game (a screen: only main
// opens it, through app.Screens): the table of scenes/table with the
// seats this device does not hold played by the Link (scenes/online),
// the players' names and clocks on their cards, the menu (resign, take
// back, rematch, quick messages, leave), the questions the other
// players ask and what they said in bubbles, and who is to move told
// aloud.
package onlinegame
