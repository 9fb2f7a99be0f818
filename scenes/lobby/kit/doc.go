// Package kit is what the online screens (scenes/lobby and its rooms
// devices and ratings) share and no other screen needs: the one-line
// text box (a name, a code) with its field limits, the QR code of a
// link, this device's guest as kept on it (its token, its name) and the
// client made from it, and the words of the server's known refusals. It
// opens no screen.
package kit
