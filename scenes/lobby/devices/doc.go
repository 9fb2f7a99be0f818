// Package devices is the Devices screen, one player on many devices
// (issue 47): a link code and its QR code that make another device this
// player, a box for the code of another device (or a ?link= link, used
// as the screen opens), the player's devices with revoke, and the
// recovery code. The online page and the profile open it through the
// shell's Screens; only main imports it.
package devices
