package kit

import (
	"shiftago/logic/online/proto"
	"shiftago/scenes/app"
)

// Refusal is the catalogue key of a known Refusal of the server.
func Refusal(code string) (string, bool) {
	switch code {
	case "no-seat":
		return "online.err.noseat", true
	case string(proto.CodeNoGame):
		return "online.err.nogame", true
	case "too-many-games":
		return "online.err.toomany", true
	case string(proto.CodeRate), "busy":
		return "online.err.busy", true
	}
	return "", false
}

// FitText is s cut to width w at size, with an ellipsis.
func FitText(c *app.Context, s string, size, w float64, bold bool) string {
	return c.Text.Cut(s, size, w, bold)
}
