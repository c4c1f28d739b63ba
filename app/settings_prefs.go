package app

import (
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/settings"
)

// Theme is the window's chosen colour scheme (system, light or dark). It
// reads only the settings file, so the frontend can ask before it paints.
func (a *Settings) Theme() string {
	st := a.deps.Settings.Get()
	return st.ThemeName()
}

// SetTheme saves the colour scheme: system, light or dark.
func (a *Settings) SetTheme(theme string) (SettingsView, error) {
	theme = strings.TrimSpace(theme)
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		if theme == "system" {
			theme = ""
		}
		s.Theme = theme
		return nil
	})
	return a.GetSettings(), err
}

// SetReadOnlyTools replaces the MCP tool names (or patterns such as
// mcp__github__get_*) marked read-only, the only MCP tools plan mode runs.
func (a *Settings) SetReadOnlyTools(patterns []string) (SettingsView, error) {
	clean := []string{}
	for _, p := range patterns {
		if p = strings.TrimSpace(p); p != "" && !slices.Contains(clean, p) {
			clean = append(clean, p)
		}
	}
	slices.Sort(clean)
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.ReadOnlyTools = clean
		return nil
	})
	return a.GetSettings(), err
}
