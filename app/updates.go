package app

import (
	"errors"
	"time"

	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/update"
)

// UpdateView is what "Check for updates" found: a newer release (Newer,
// with where to get it), none, or that checking is off.
type UpdateView struct {
	Enabled bool           `json:"enabled"`
	Newer   bool           `json:"newer"`
	Release update.Release `json:"release"`
	// Note says why nothing was compared (a development build).
	Note string `json:"note"`
}

// CheckForUpdates reads the release feed when the person turned the check
// on, and says whether a newer release exists. Nothing is downloaded and
// nothing about this install is sent.
func (a *Shell) CheckForUpdates() (UpdateView, error) {
	st := a.deps.Settings.Get()
	if !st.Updates.Enabled {
		return UpdateView{}, nil
	}
	ctx, cancel := a.callCtx(30 * time.Second)
	defer cancel()
	rel, newer, err := (&update.Checker{FeedURL: st.Updates.FeedURL}).Check(ctx, a.deps.Version)
	if errors.Is(err, update.ErrNotARelease) {
		return UpdateView{Enabled: true, Note: "this is a development build (" + a.deps.Version + "); releases cannot be compared with it"}, nil
	}
	if err != nil {
		return UpdateView{}, invalidf("updates", err.Error())
	}
	return UpdateView{Enabled: true, Newer: newer, Release: rel}, nil
}

// SetUpdateCheck turns the release check on or off; off, Hearth never
// reads the feed.
func (a *Shell) SetUpdateCheck(enabled bool) (SettingsView, error) {
	if _, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		s.Updates.Enabled = enabled
		return nil
	}); err != nil {
		return SettingsView{}, err
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	return a.view(ctx), nil
}
