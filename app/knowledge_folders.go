package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// KnowledgeFolderView is one extra indexed folder in Settings.
type KnowledgeFolderView struct {
	Label string `json:"label"`
	Path  string `json:"path"`
}

// AddKnowledgeFolder asks for a folder with the OS dialog (the page never
// names a path) and indexes it beside every workspace.
func (a *Settings) AddKnowledgeFolder() (SettingsView, error) {
	dir, err := runtime.OpenDirectoryDialog(a.runtimeCtx, runtime.OpenDialogOptions{Title: "Add a knowledge folder (docs, notes)"})
	if err != nil {
		return a.GetSettings(), fmt.Errorf("the folder dialog failed: %w", err)
	}
	if dir == "" {
		return a.GetSettings(), nil
	}
	return a.addKnowledgeFolder(dir)
}

func (a *App) addKnowledgeFolder(dir string) (SettingsView, error) {
	abs, err := filepath.Abs(dir)
	if fi, serr := os.Stat(abs); err != nil || serr != nil || !fi.IsDir() {
		return a.h.Settings.GetSettings(), invalidf("knowledgeFolders", fmt.Sprintf("%s is not a folder", dir))
	}
	_, err = a.deps.Settings.Update(func(s *settings.Settings) error {
		for _, f := range s.KnowledgeFolders {
			if f.Path == abs {
				return invalidf("knowledgeFolders", "that folder is already indexed as "+f.Label)
			}
		}
		s.KnowledgeFolders = append(s.KnowledgeFolders, settings.KnowledgeFolder{Label: uniqueLabel(s.KnowledgeFolders, abs), Path: abs})
		return nil
	})
	if err == nil {
		a.reopenIndex()
	}
	return a.h.Settings.GetSettings(), err
}

// RemoveKnowledgeFolder stops indexing the folder with label.
func (a *Settings) RemoveKnowledgeFolder(label string) (SettingsView, error) {
	_, err := a.deps.Settings.Update(func(s *settings.Settings) error {
		for i, f := range s.KnowledgeFolders {
			if strings.EqualFold(f.Label, label) {
				s.KnowledgeFolders = append(s.KnowledgeFolders[:i], s.KnowledgeFolders[i+1:]...)
				return nil
			}
		}
		return invalidf("knowledgeFolders", fmt.Sprintf("no knowledge folder labelled %q", label))
	})
	if err == nil {
		a.reopenIndex()
	}
	return a.GetSettings(), err
}

// uniqueLabel derives a valid label from the folder's name.
func uniqueLabel(existing []settings.KnowledgeFolder, abs string) string {
	base := strings.Map(func(r rune) rune {
		if r == ' ' || r == '_' || r == '.' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '-'
	}, filepath.Base(abs))
	base = strings.TrimLeft(base, " _.-")
	if len(base) > 40 {
		base = base[:40]
	}
	if !provider.ValidCustomName(base) {
		base = "folder"
	}
	label := base
	for n := 2; ; n++ {
		taken := false
		for _, f := range existing {
			taken = taken || strings.EqualFold(f.Label, label)
		}
		if !taken {
			return label
		}
		label = fmt.Sprintf("%s %d", base, n)
	}
}

// reopenIndex rebuilds the open workspace's index with the current folders.
func (a *App) reopenIndex() {
	a.project().OpenIndex(context.Background())
}
