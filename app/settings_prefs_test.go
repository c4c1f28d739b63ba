package app

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/settings"
)

func TestThemeIsSavedAndRead(t *testing.T) {
	a, dir := newTestApp(t, nil)
	if got := a.h.Settings.Theme(); got != "system" {
		t.Fatalf("Theme() on a fresh install = %q, want system", got)
	}
	tests := []struct{ in, want string }{{"dark", "dark"}, {" light ", "light"}, {"system", "system"}}
	for _, tt := range tests {
		v, err := a.h.Settings.SetTheme(tt.in)
		if err != nil {
			t.Fatalf("SetTheme(%q): %v", tt.in, err)
		}
		if v.Theme != tt.want || a.h.Settings.Theme() != tt.want {
			t.Errorf("SetTheme(%q): view %q, Theme() %q, want %q", tt.in, v.Theme, a.h.Settings.Theme(), tt.want)
		}
	}
	if _, err := a.h.Settings.SetTheme("dark"); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, settings.FileName))
	if !strings.Contains(string(data), `"theme": "dark"`) {
		t.Errorf("settings.json does not keep the theme: %s", data)
	}
	_, err := a.h.Settings.SetTheme("sepia")
	var ve *settings.ValidationError
	if !errors.As(err, &ve) || ve.Field != "theme" {
		t.Errorf("SetTheme(sepia) = %v, want a validation error on theme", err)
	}
	if a.h.Settings.Theme() != "dark" {
		t.Errorf("a rejected theme changed the setting to %q", a.h.Settings.Theme())
	}
}

func TestReadOnlyToolsAreCleanedAndValidated(t *testing.T) {
	a, _ := newTestApp(t, nil)
	v, err := a.h.Settings.SetReadOnlyTools([]string{" mcp__gh__get_issue ", "mcp__fs__*", "", "mcp__gh__get_issue"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"mcp__fs__*", "mcp__gh__get_issue"}; !slices.Equal(v.ReadOnlyTools, want) {
		t.Errorf("ReadOnlyTools = %q, want %q", v.ReadOnlyTools, want)
	}
	if got := a.deps.Settings.Get().ReadOnlyTools; len(got) != 2 {
		t.Errorf("stored = %q", got)
	}
	if _, err := a.h.Settings.SetReadOnlyTools([]string{"mcp__gh__["}); err == nil {
		t.Error("a malformed pattern was accepted")
	}
	if v := a.h.Settings.GetSettings(); len(v.ReadOnlyTools) != 2 {
		t.Errorf("a rejected list replaced the marks: %q", v.ReadOnlyTools)
	}
}

func TestSaveProviderSetsOrKeepsTheFastModel(t *testing.T) {
	a, _ := newTestApp(t, nil)
	fast := " gpt-mini "
	v, err := a.h.Settings.SaveProvider("openai", ProviderInput{Model: "gpt-big", FastModel: &fast})
	if err != nil {
		t.Fatal(err)
	}
	if p := providerIn(v, "openai"); p.FastModel != "gpt-mini" || p.Model != "gpt-big" {
		t.Fatalf("after save: model %q fast %q", p.Model, p.FastModel)
	}
	// A form that does not edit the fast model (nil) leaves it alone.
	v, err = a.h.Settings.SaveProvider("openai", ProviderInput{Model: "gpt-bigger"})
	if err != nil {
		t.Fatal(err)
	}
	if p := providerIn(v, "openai"); p.FastModel != "gpt-mini" {
		t.Errorf("fast model lost: %q", p.FastModel)
	}
	if _, err := a.h.Settings.AddCustomEndpoint("box", "http://127.0.0.1:9/v1"); err != nil {
		t.Fatal(err)
	}
	small := "tiny"
	v, err = a.h.Settings.SaveProvider("custom:box", ProviderInput{BaseURL: "http://127.0.0.1:9/v1", Model: "big", FastModel: &small})
	if err != nil {
		t.Fatal(err)
	}
	if p := providerIn(v, "custom:box"); p.FastModel != "tiny" {
		t.Errorf("custom fast model = %q", p.FastModel)
	}
}
