package trust

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	json "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// A file that makes things run is read strictly: one reading, case-sensitive
// keys, no duplicates, no guessing. go-json-experiment (the encoding/json/v2
// prototype) rejects duplicate names and invalid UTF-8 by default and matches
// names exactly, which is the reading a judge and a loader can share.

// ErrStrict marks a file that is well-formed enough to read but not strict
// enough to judge: a case-variant or duplicate key, an unknown key where
// code runs, a byte order mark.
var ErrStrict = errors.New("not strict")

// strictObject reads b as one JSON object and returns its members. A key
// that differs from one of known only by case is an error; so is any key
// outside known when closed is set.
func strictObject(b []byte, known []string, closed bool) (map[string]jsontext.Value, error) {
	if bytes.HasPrefix(b, []byte("\xef\xbb\xbf")) {
		return nil, fmt.Errorf("%w: starts with a byte order mark", ErrStrict)
	}
	if !utf8.Valid(b) {
		return nil, fmt.Errorf("%w: not valid UTF-8", ErrStrict)
	}
	var m map[string]jsontext.Value
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, describeJSONError(err)
	}
	if m == nil {
		return nil, fmt.Errorf("%w: not a JSON object", ErrStrict)
	}
	if err := checkKeys(m, known, closed, ""); err != nil {
		return nil, err
	}
	return m, nil
}

// checkKeys applies strictObject's key rules to one object's members.
func checkKeys[V any](m map[string]V, known []string, closed bool, where string) error {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if slices.Contains(known, k) {
			continue
		}
		for _, want := range known {
			if strings.EqualFold(k, want) {
				return fmt.Errorf("%w: key %q%s differs from %q only by case", ErrStrict, k, where, want)
			}
		}
		if closed {
			return fmt.Errorf("%w: unknown key %q%s (known: %s)", ErrStrict, k, where, strings.Join(known, ", "))
		}
	}
	return nil
}

// strictDecode decodes v from b with every nested object closed: a member
// that names no field is an error, as is a case variant of a field.
func strictDecode(b []byte, v any) error {
	if err := json.Unmarshal(b, v, json.RejectUnknownMembers(true)); err != nil {
		return describeJSONError(err)
	}
	return nil
}

// describeJSONError keeps the decoder's message, which names the offending
// member's JSON pointer, and marks it strict.
func describeJSONError(err error) error {
	return fmt.Errorf("%w: %s", ErrStrict, strings.TrimPrefix(err.Error(), "json: "))
}
