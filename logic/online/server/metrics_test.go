//go:build !js

package server_test

import (
	"bufio"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// metric scrapes base/metrics and sums the samples of the series name
// whose labels contain label ("" for all), as Prometheus would read
// them; -1 when the series is absent.
func metric(t *testing.T, base, name, label string) float64 {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/metrics: %s", resp.Status)
	}
	sum, found := 0.0, false
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") {
			continue
		}
		series, value, ok := strings.Cut(line, " ")
		n, labels, _ := strings.Cut(series, "{")
		if !ok || n != name || !strings.Contains(labels, label) {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			t.Fatalf("/metrics: %q", line)
		}
		sum, found = sum+v, true
	}
	if !found {
		return -1
	}
	return sum
}
