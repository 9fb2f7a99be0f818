package proto

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
)

// DecodeStrict reads one JSON value from b into v (a pointer) and
// refuses what encoding/json lets through: a key given twice (the last
// one would win), a key that names a field in another case ("Move"
// beside "move": the decoder matches case-insensitively, so the case
// variant could carry a value the other reader never saw), an unknown
// field, and anything after the value. Two programs reading the same
// frame must read the same message; with these refused they do.
//
// It is a pre-scan with json.Decoder's tokens, walked beside v's type,
// followed by the ordinary decode; encoding/json/v2 would do it alone but
// is not in the standard library without GOEXPERIMENT.
func DecodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := scanValue(dec, reflect.TypeOf(v)); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("more than one value")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	return d.Decode(v)
}

// scanValue reads the next value's tokens, checking every object's keys
// against t (nil: any keys, each once).
func scanValue(dec *json.Decoder, t reflect.Type) error {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case json.Delim('{'):
		return scanObject(dec, t)
	case json.Delim('['):
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for dec.More() {
			if err := scanValue(dec, elem); err != nil {
				return err
			}
		}
		_, err := dec.Token() // ]
		return err
	}
	return nil // a scalar: the decode checks its type
}

func scanObject(dec *json.Decoder, t reflect.Type) error {
	var fields map[string]reflect.Type
	var elem reflect.Type
	if t != nil {
		switch t.Kind() {
		case reflect.Struct:
			fields = fieldsOf(t)
		case reflect.Map:
			elem = t.Elem()
		}
	}
	// seen maps each key's folded form to the key: two keys with one
	// folded form are one field to encoding/json.
	seen := map[string]string{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		folded := fold(key)
		if k, ok := seen[folded]; ok {
			if k == key {
				return fmt.Errorf("key %q given twice", truncate(key, 24))
			}
			return fmt.Errorf("keys %q and %q differ only in case", truncate(k, 24), truncate(key, 24))
		}
		seen[folded] = key
		next := elem
		if fields != nil {
			ft, ok := fields[key]
			if !ok {
				for name := range fields {
					if strings.EqualFold(name, key) {
						return fmt.Errorf("key %q: the field is %q (keys are case-sensitive)", truncate(key, 24), name)
					}
				}
				return fmt.Errorf("unknown field %q", truncate(key, 24))
			}
			next = ft
		}
		if err := scanValue(dec, next); err != nil {
			return err
		}
	}
	_, err := dec.Token() // }
	return err
}

// fold is a key in one case, as encoding/json compares them: upper then
// lower case, so that the long s (ſ) and the Kelvin sign fold to s and k
// as strings.EqualFold has them.
func fold(s string) string { return strings.ToLower(strings.ToUpper(s)) }

var fieldCache sync.Map // reflect.Type → map[string]reflect.Type

// fieldsOf maps the JSON names of a struct's fields to their types.
func fieldsOf(t reflect.Type) map[string]reflect.Type {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string]reflect.Type)
	}
	f := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if !sf.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
		switch name {
		case "-":
			continue
		case "":
			name = sf.Name
		}
		f[name] = sf.Type
	}
	fieldCache.Store(t, f)
	return f
}
