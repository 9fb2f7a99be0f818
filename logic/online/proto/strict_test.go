package proto

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestDecodeStrict: a frame two JSON readers could read differently is
// refused: a key twice, a key in another case than its field's (alone
// or beside the right one: encoding/json would take either), an unknown
// field, at any depth the type has.
func TestDecodeStrict(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"plain move", `{"t":"move","ply":1,"id":"a","move":"Nd"}`, true},
		{"Move beside move", `{"t":"move","ply":1,"id":"a","move":"Nd","Move":"Sd"}`, false},
		{"Move before move", `{"t":"move","ply":1,"id":"a","Move":"Sd","move":"Nd"}`, false},
		{"Move alone", `{"t":"move","ply":1,"id":"a","Move":"Nd"}`, false},
		{"T for t", `{"T":"ping","ply":0}`, false},
		{"duplicate key", `{"t":"move","ply":1,"id":"a","move":"Nd","move":"Sd"}`, false},
		{"duplicate ply", `{"t":"ping","ply":0,"ply":1}`, false},
		{"long s folds to s", "{\"t\":\"resign\",\"ply\":0,\"\u017feat\":1}", false},
		{"Kelvin sign folds to k", "{\"t\":\"offer\",\"ply\":0,\"\u212aind\":\"takeback\"}", false},
		{"unknown field", `{"t":"ping","ply":0,"x":1}`, false},
		{"two values", `{"t":"ping","ply":0} {"t":"ping","ply":0}`, false},
		{"trailing garbage", `{"t":"ping","ply":0} x`, false},
	} {
		_, err := Decode([]byte(tc.in))
		if (err == nil) != tc.ok {
			t.Errorf("%s: Decode(%s) = %v, want ok=%v", tc.name, tc.in, err, tc.ok)
		}
	}
	// Nested objects of the API's bodies are held to it too.
	for _, tc := range []struct {
		name, in string
		ok       bool
	}{
		{"create", `{"variant":"express","seats":[{"kind":"me"},{"kind":"computer","level":2}]}`, true},
		{"seat key twice", `{"variant":"express","seats":[{"kind":"me"},{"kind":"open","kind":"me"}]}`, false},
		{"seat Kind", `{"variant":"express","seats":[{"kind":"me"},{"Kind":"open"}]}`, false},
		{"seat unknown field", `{"variant":"express","seats":[{"kind":"me","x":1}]}`, false},
		{"Variant", `{"Variant":"expert","seats":[]}`, false},
	} {
		var req CreateRequest
		err := DecodeStrict([]byte(tc.in), &req)
		if (err == nil) != tc.ok {
			t.Errorf("%s: DecodeStrict(%s) = %v, want ok=%v", tc.name, tc.in, err, tc.ok)
		}
	}
}

// FuzzDecodeStrict: whatever DecodeStrict accepts, encoding/json reads
// the same way (the pre-scan only refuses, never changes a value), and
// its every key is a field's own name, given once.
func FuzzDecodeStrict(f *testing.F) {
	for _, s := range []string{
		`{"variant":"express","seats":[{"kind":"me"},{"kind":"open"}],"permove":30}`,
		`{"variant":"express","seats":[{"kind":"me","Kind":"open"}]}`,
		`{"variant":"x","variant":"y"}`,
		`{"starter":1,"sitouts":[1,2]}`,
		`[]`, `null`, `{"seats":null}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var strict CreateRequest
		if DecodeStrict(b, &strict) != nil {
			return
		}
		var loose CreateRequest
		if err := json.Unmarshal(b, &loose); err != nil {
			t.Fatalf("accepted %q, which encoding/json refuses: %v", b, err)
		}
		if !reflect.DeepEqual(strict, loose) {
			t.Fatalf("%q: strict %+v, encoding/json %+v", b, strict, loose)
		}
		var keys func(v any) bool
		keys = func(v any) bool {
			switch x := v.(type) {
			case map[string]any:
				for k, e := range x {
					if k != strings.ToLower(k) || !keys(e) {
						return false
					}
				}
			case []any:
				for _, e := range x {
					if !keys(e) {
						return false
					}
				}
			}
			return true
		}
		var generic any
		if json.Unmarshal(b, &generic) == nil && !keys(generic) {
			t.Fatalf("accepted %q with a key that is not a field's name", b)
		}
	})
}
