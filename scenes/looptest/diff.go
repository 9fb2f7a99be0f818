package looptest

import "bytes"

// FrameDiff counts the bytes of a and b (two screens' pixels, RGBA, W
// wide) that differ by more than tolerance, and gives the largest
// difference. A frame drawn in part differs from the same frame drawn in
// full in a few rows at most, so rows equal byte for byte are passed over
// with bytes.Equal and only the others are compared a byte at a time: the
// same count, but -race checks every byte such a loop reads: when
// TestPartialFramesMatchFullFrames still ran under -race, comparing all
// 4 MB of every frame so took about half of its time (its rolling half:
// 35 s before, 17 s after, on a loaded 2-core machine), and
// TestOnlineTableDrawsOnlyWhatChanges runs there still.
func FrameDiff(a, b []byte, tolerance int) (n, most int) {
	const row = 4 * W
	for start := 0; start < len(a); start += row {
		end := min(start+row, len(a))
		if bytes.Equal(a[start:end], b[start:end]) {
			continue
		}
		rn, rmost := byteDiff(a[start:end], b[start:end], tolerance)
		n, most = n+rn, max(most, rmost)
	}
	return n, most
}

// byteDiff compares a and b a byte at a time: how many bytes differ by more
// than tolerance, and the largest difference.
func byteDiff(a, b []byte, tolerance int) (n, most int) {
	for i := range a {
		d := int(a[i]) - int(b[i])
		d = max(d, -d)
		most = max(most, d)
		if d > tolerance {
			n++
		}
	}
	return n, most
}
