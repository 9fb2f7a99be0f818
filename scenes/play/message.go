package play

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"shiftago/logic"
	"shiftago/logic/record"
	"shiftago/scenes/i18n"
)

// Message is something to say to the player: a catalogue key and its
// arguments. The screens put it into words in the player's language; a
// colour argument is a logic.Color (the screen names it), a seat's name
// is a SeatName.
type Message struct {
	Key  string
	Args []any
}

// Msg makes a message.
func Msg(key string, args ...any) Message { return Message{Key: key, Args: args} }

// Then is m followed by n, said as one line. A message with no key is
// such a line: its arguments are said one after the other (messages, or
// strings as they are).
func (m Message) Then(n Message) Message {
	return Message{Key: "", Args: append(m.parts(), n.parts()...)}
}

// Text is a message that says s as it is (an entry point's name, an
// error from the system).
func Text(s string) Message { return Message{Args: []any{s}} }

func (m Message) parts() []any {
	switch {
	case m.Key == "" && len(m.Args) == 0:
		return nil
	case m.Key == "":
		return m.Args
	}
	return []any{m}
}

// Empty reports whether there is nothing to say.
func (m Message) Empty() bool { return m.Key == "" && len(m.Args) == 0 }

// EntryName is an argument that names an entry point in words ("row 4
// from the left"), for players who do not read the notation.
type EntryName logic.Entry

// SeatName is an argument that names a seat: its colour and, for a
// computer, its level ("Green (computer, Club)").
type SeatName struct {
	Color  logic.Color
	Player record.Player
}

// LevelName is an argument that names a computer's level as the level
// menu does ("Club"): a notice said "level 3" where the seat card beside
// it said "Club".
type LevelName int

// Say puts m into words in language l.
func Say(l *i18n.Lang, m Message) string {
	if m.Key == "" {
		var sb strings.Builder
		for _, a := range m.Args {
			switch a := a.(type) {
			case Message:
				sb.WriteString(Say(l, a))
			default:
				fmt.Fprint(&sb, a)
			}
		}
		return sb.String()
	}
	if len(m.Args) == 0 {
		return l.T(m.Key)
	}
	args := make([]any, len(m.Args))
	for i, a := range m.Args {
		args[i] = word(l, a)
	}
	return capital(l.F(m.Key, args...))
}

// capital is s with a capital first letter: a sentence may begin with a
// name that is written small elsewhere ("row 4 from the left is full").
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// EntryWords is entry point e in words ("row 4 from the left").
func EntryWords(l *i18n.Lang, e logic.Entry) string { return word(l, EntryName(e)).(string) }

// Name is a seat's name as the player reads it.
func Name(l *i18n.Lang, n SeatName) string { return word(l, n).(string) }

// word is an argument as the player reads it.
func word(l *i18n.Lang, a any) any {
	switch a := a.(type) {
	case logic.Color:
		if a <= logic.White {
			return l.Colors[a]
		}
	case SeatName:
		switch a.Player.Kind {
		case record.Computer:
			return l.F("seat.computer", l.Colors[a.Color], l.Level(a.Player.Level))
		case record.Remote:
			return l.F("seat.remote", l.Colors[a.Color])
		}
		return l.Colors[a.Color]
	case LevelName:
		return l.Level(int(a))
	case EntryName:
		e := logic.Entry(a)
		switch e.Side() {
		case logic.North:
			return l.F("entry.n", string(rune('a'+e.Index())))
		case logic.South:
			return l.F("entry.s", string(rune('a'+e.Index())))
		case logic.West:
			return l.F("entry.w", e.Index()+1)
		}
		return l.F("entry.e", e.Index()+1)
	case Message:
		return Say(l, a)
	}
	return a
}
