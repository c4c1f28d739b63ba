package childenv

import (
	"slices"
	"testing"
)

func TestScrub(t *testing.T) {
	tests := []struct {
		name string
		in   []string
		want []string
	}{
		{"provider keys", []string{"OPENAI_API_KEY=a", "ANTHROPIC_API_KEY=b", "OPENROUTER_API_KEY=c", "PATH=/bin"}, []string{"PATH=/bin"}},
		{"other LLM credentials", []string{"GEMINI_API_KEY=g", "HF_TOKEN=h", "HOME=/home/x"}, []string{"HOME=/home/x"}},
		{"Hearth's variables", []string{"HEARTH_API_TOKEN=t", "HEARTH_CONFIG_DIR=/c", "KEEP=1"}, []string{"KEEP=1"}},
		{"any case, as on Windows", []string{"openai_api_key=a", "Hearth_Api_Token=t", "Path=C:\\bin"}, []string{"Path=C:\\bin"}},
		{"similar names stay", []string{"MY_OPENAI_API_KEY_HINT=x", "XHEARTH_=y"}, []string{"MY_OPENAI_API_KEY_HINT=x", "XHEARTH_=y"}},
		{"Windows drive entries stay", []string{"=C:=C:\\work"}, []string{"=C:=C:\\work"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := slices.Clone(tt.in)
			if got := Scrub(in); !slices.Equal(got, tt.want) {
				t.Errorf("Scrub(%q) = %q, want %q", tt.in, got, tt.want)
			}
			if !slices.Equal(in, tt.in) {
				t.Errorf("Scrub changed its input to %q", in)
			}
		})
	}
}

func TestScrubDefaultsToTheProcessEnvironment(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", "sk-parent")
	t.Setenv("CHILDENV_KEEP", "yes")
	got := Scrub(nil)
	if slices.Contains(got, "OPENAI_API_KEY=sk-parent") || !slices.Contains(got, "CHILDENV_KEEP=yes") {
		t.Errorf("Scrub(nil) = %q", got)
	}
}
