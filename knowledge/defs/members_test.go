package defs

import "testing"

func TestIsAnnotation(t *testing.T) {
	tests := []struct {
		after string // what follows a name's colon
		want  bool
	}{
		{" int", true},
		{" int = 5", true},
		{" list[str]", true},
		{" Optional[Dict[str, int]] = None", true},
		{" int | None = None  # in seconds", true},
		{" ClassVar[int]=3", true},
		{"", false},                    // "Args:" in a docstring
		{" this class is old.", false}, // prose
		{"  # a comment only", false},
	}
	for _, tt := range tests {
		if got := isAnnotation([]byte(tt.after)); got != tt.want {
			t.Errorf("isAnnotation(%q) = %v, want %v", tt.after, got, tt.want)
		}
	}
}
