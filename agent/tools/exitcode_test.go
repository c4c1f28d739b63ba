package tools

import (
	"fmt"
	"testing"
)

// A command's stored output gives its exit code back, as the live row
// showed it; output the shell tool did not write gives none.
func TestExitCodeOf(t *testing.T) {
	tests := []struct {
		output string
		code   int
		ok     bool
	}{
		{fmt.Sprintf(exitFormat, 2, "12ms", "boom"), 2, true},
		{fmt.Sprintf(exitFormat, 0, "1s", ""), 0, true},
		{"exit code: x (1s)\n", 0, false},
		{"permission denied", 0, false},
		{"the output says exit code: 3 later", 0, false},
	}
	for _, tc := range tests {
		code, ok := ExitCodeOf(tc.output)
		if code != tc.code || ok != tc.ok {
			t.Errorf("ExitCodeOf(%q) = %d, %v; want %d, %v", tc.output, code, ok, tc.code, tc.ok)
		}
	}
}
