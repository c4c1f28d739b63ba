package llm

import "encoding/json"

// ParseArgs turns concatenated argument text into a JSON object: empty is
// {}; text that is not a JSON object yields {} and is returned as raw.
func ParseArgs(b []byte) (json.RawMessage, string) {
	if len(b) == 0 || len(trimSpace(b)) == 0 {
		return json.RawMessage("{}"), ""
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(b, &obj) != nil || obj == nil {
		return json.RawMessage("{}"), string(b)
	}
	return json.RawMessage(append([]byte(nil), trimSpace(b)...)), ""
}

func trimSpace(b []byte) []byte {
	for len(b) > 0 && (b[0] == ' ' || b[0] == '\n' || b[0] == '\t' || b[0] == '\r') {
		b = b[1:]
	}
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\n' || b[len(b)-1] == '\t' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
