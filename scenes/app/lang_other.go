//go:build !js

package app

import "os"

// systemLocales are the locale settings of the environment, most
// specific first.
func systemLocales() []string {
	return []string{os.Getenv("LC_ALL"), os.Getenv("LC_MESSAGES"), os.Getenv("LANGUAGE"), os.Getenv("LANG")}
}
