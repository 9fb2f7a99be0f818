//go:build !js

package httpjson

import (
	"encoding/json"
	"io"
	"net/http"

	"shiftago/logic/online/proto"
)

// MaxBody is the largest API request body.
const MaxBody = 4 << 10

// WriteJSON answers code with v as JSON, never cached.
func WriteJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteErr answers code with a refusal: its short code and why in words.
func WriteErr(w http.ResponseWriter, code int, short, why string) {
	WriteJSON(w, code, proto.APIError{Error: short, Why: why})
}

// DecodeBody reads a request's JSON body strictly (proto.DecodeStrict):
// no key twice, no key in another case, no unknown field.
func DecodeBody(r *http.Request, v any) error {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	return proto.DecodeStrict(b, v)
}
