package query

import "testing"

func TestCamelPartPrefix(t *testing.T) {
	tests := []struct {
		core string
		fold bool
		want string
	}{
		{"Marshaler", false, "marshaler"},
		{"MarshalJSON", false, "marshal"},
		{"Node42", false, "node"},
		{"Ab", false, "ab"},
		{"marshaler", false, ""},  // may sit inside a part
		{"HTTPServer", false, ""}, // an acronym's capitals may not start a part
		{"Marshaler", true, ""},   // case-insensitive: MARSHALER is one part
		{"M", false, ""},
	}
	for _, tt := range tests {
		if got := camelPartPrefix(tt.core, tt.fold); got != tt.want {
			t.Errorf("camelPartPrefix(%q, %v) = %q, want %q", tt.core, tt.fold, got, tt.want)
		}
	}
}
