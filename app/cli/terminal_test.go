package cli

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTermSafe(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain text and Unicode", "héllo, 世界 🔥\n\tdone", "héllo, 世界 🔥\n\tdone"},
		{"window title by BEL", "a\x1b]0;pwned\x07b", "ab"},
		{"window title by ST", "a\x1b]2;pwned\x1b\\b", "ab"},
		{"clear screen and home", "\x1b[2J\x1b[Hok", "ok"},
		{"colours", "\x1b[1;31mred\x1b[0m", "red"},
		{"private mode", "\x1b[?1049hx\x1b[?25l", "x"},
		{"hyperlink keeps its text", "\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\", "click"},
		{"clipboard write", "\x1b]52;c;cm0gLXJmIH4=\x07after", "after"},
		{"DCS", "\x1bPq#0;2;0;0;0#0~~\x1b\\x", "x"},
		{"APC, PM, SOS", "\x1b_a\x1b\\\x1b^b\x1b\\\x1bXc\x1b\\d", "d"},
		{"charset and reset", "\x1b(Bx\x1bcy\x1b#8z", "xyz"},
		{"C0 controls but newline and tab", "a\rb\bc\x07d\x00e\x0bf\x0cg\x7fh\n\ti", "abcdefgh\n\ti"},
		{"C1 controls as UTF-8", "a\u009b2Jb\u009d0;t\u009cc\u0085d", "a2Jb0;tcd"},
		{"raw 8-bit CSI byte", "a\x9b2Jb", "a\uFFFD2Jb"},
		{"newline ends a broken CSI", "\x1b[12\nnext", "\nnext"},
		{"escape ends a string", "\x1b]0;t\x1b[2Jx", "x"},
		{"lone ESC at the end", "x\x1b", "x"},
		{"unterminated title swallows the rest", "x\x1b]0;title and more", "x"},
		{"CAN cancels a string", "\x1b]0;t\x18shown", "shown"},
		{"incomplete rune at the end", "ab\xe2\x82", "ab\uFFFD\uFFFD"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := termSafe(tt.in); got != tt.want {
				t.Errorf("termSafe(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestTermFilterAcrossWrites: a sequence or a rune split over deltas
// comes out as if it had come in one piece.
func TestTermFilterAcrossWrites(t *testing.T) {
	in := "Hi\x1b]0;pwned\x07 there\x1b[2J, 世界\x1b[1;31m!\x1b[0m\n"
	want := termSafe(in)
	for size := 1; size <= 4; size++ {
		var f termFilter
		var got strings.Builder
		for i := 0; i < len(in); i += size {
			got.WriteString(f.Write(in[i:min(i+size, len(in))]))
		}
		got.WriteString(f.Flush())
		if got.String() != want {
			t.Errorf("in pieces of %d: %q, want %q", size, got.String(), want)
		}
	}
	if want != "Hi there, 世界!\n" {
		t.Errorf("whole: %q", want)
	}
}

// FuzzTermFilter: whatever comes in and however it is split, nothing a
// terminal acts on comes out, the split does not matter, and text without
// controls passes unchanged.
func FuzzTermFilter(f *testing.F) {
	for _, s := range []string{"plain", "\x1b]0;t\x07x", "\x1b[2J", "a\u009bb", "\x1bP\x1b\\", "世界\xe2", "\r\n\t"} {
		f.Add(s, uint8(1))
	}
	f.Fuzz(func(t *testing.T, s string, cut uint8) {
		whole := termSafe(s)
		k := int(cut) % (len(s) + 1)
		var tf termFilter
		split := tf.Write(s[:k]) + tf.Write(s[k:]) + tf.Flush()
		if split != whole {
			t.Fatalf("split at %d: %q, whole: %q", k, split, whole)
		}
		if !utf8.ValidString(whole) {
			t.Fatalf("invalid UTF-8 out: %q", whole)
		}
		for _, r := range whole {
			if (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f) {
				t.Fatalf("control %U out of %q: %q", r, s, whole)
			}
		}
		if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool {
			return (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f)
		}) && whole != s {
			t.Fatalf("text without controls changed: %q -> %q", s, whole)
		}
	})
}
