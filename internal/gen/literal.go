package gen

import (
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

func valueOf(v any) reflect.Value { return reflect.ValueOf(v) }

// literal writes v as a Go composite literal of package profiles: exported
// fields only, zero fields left out. elided drops the type name where the
// enclosing slice's element type gives it.
func literal(v reflect.Value, elided bool) (string, error) {
	switch v.Kind() {
	case reflect.Pointer:
		if elided {
			return literal(v.Elem(), true)
		}
		s, err := literal(v.Elem(), false)
		return "&" + s, err
	case reflect.Struct:
		return structLiteral(v, elided)
	case reflect.Slice:
		return sliceLiteral(v)
	case reflect.Map:
		return mapLiteral(v)
	case reflect.String:
		return goString(v.String()), nil
	case reflect.Int:
		return strconv.FormatInt(v.Int(), 10), nil
	case reflect.Uint32, reflect.Uint64:
		// Masks of bits (the claim index's gates) read best in hex.
		return "0x" + strconv.FormatUint(v.Uint(), 16), nil
	case reflect.Bool:
		return strconv.FormatBool(v.Bool()), nil
	}
	return "", fmt.Errorf("a profile field of kind %s has no Go literal here: teach internal/gen/literal.go", v.Kind())
}

func structLiteral(v reflect.Value, elided bool) (string, error) {
	var parts []string
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		if !f.IsExported() || v.Field(i).IsZero() {
			continue
		}
		s, err := literal(v.Field(i), false)
		if err != nil {
			return "", fmt.Errorf("%s: %w", f.Name, err)
		}
		parts = append(parts, f.Name+": "+s)
	}
	body := "{\n" + strings.Join(parts, ",\n") + ",\n}"
	if len(parts) == 0 {
		body = "{}"
	}
	if elided {
		return body, nil
	}
	return v.Type().Name() + body, nil
}

func sliceLiteral(v reflect.Value) (string, error) {
	var elems []string
	for i := 0; i < v.Len(); i++ {
		s, err := literal(v.Index(i), true)
		if err != nil {
			return "", err
		}
		elems = append(elems, s)
	}
	switch v.Type().Elem().Kind() {
	case reflect.Uint32, reflect.Uint64:
		// A mask's words on one line.
		return "[]" + typeName(v.Type().Elem()) + "{" + strings.Join(elems, ", ") + "}", nil
	}
	return "[]" + typeName(v.Type().Elem()) + "{\n" + strings.Join(elems, ",\n") + ",\n}", nil
}

// mapLiteral sorts by key, so that each generation writes the same file.
func mapLiteral(v reflect.Value) (string, error) {
	keys := v.MapKeys()
	sort.Slice(keys, func(i, j int) bool { return keys[i].String() < keys[j].String() })
	var elems []string
	for _, k := range keys {
		ks, err := literal(k, false)
		if err != nil {
			return "", err
		}
		vs, err := literal(v.MapIndex(k), true)
		if err != nil {
			return "", err
		}
		elems = append(elems, ks+": "+vs)
	}
	return "map[" + typeName(v.Type().Key()) + "]" + typeName(v.Type().Elem()) + "{\n" + strings.Join(elems, ",\n") + ",\n}", nil
}

func typeName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Pointer:
		return "*" + typeName(t.Elem())
	case reflect.Slice:
		if t.Name() == "" {
			return "[]" + typeName(t.Elem())
		}
	}
	return t.Name()
}

// goString quotes s, as a raw string when that reads better (jq programs
// span lines).
func goString(s string) string {
	if strings.Contains(s, "\n") && !strings.ContainsAny(s, "`\r") && utf8.ValidString(s) {
		return "`" + s + "`"
	}
	return strconv.Quote(s)
}
