package app

import (
	"os"
	"path/filepath"

	"github.com/hearth-agent/hearth/agent/settings"
)

// WorkspaceView is the open project folder.
type WorkspaceView struct {
	Path string `json:"path"`
	Name string `json:"name"`
}

// OpenWorkspace makes dir the project the agent works in. The conversation
// starts afresh.
func (a *Project) OpenWorkspace(dir string) (WorkspaceView, error) {
	abs, err := a.openProject(dir)
	if err != nil {
		return WorkspaceView{}, err
	}
	_, _ = a.deps.Settings.Update(func(s *settings.Settings) error { s.Touch(abs); return nil })
	return workspaceView(abs), nil
}

// openAtStart opens dir when the app was started on a folder, or else the
// last folder opened, unless Settings says not to or it is gone. A failure
// is a notice: the window still opens, on the folder picker.
func (a *App) openAtStart(dir string) {
	if dir == "" {
		s := a.deps.Settings.Get()
		if !s.ReopensLastWorkspace() || len(s.Recent) == 0 {
			return
		}
		if fi, err := os.Stat(s.Recent[0]); err != nil || !fi.IsDir() {
			return
		}
		dir = s.Recent[0]
	}
	if _, err := a.h.Project.OpenWorkspace(dir); err != nil {
		a.emit("notice", FormatError(err))
	}
}

// RecentWorkspaces lists the folders opened last that still exist.
func (a *Project) RecentWorkspaces() []WorkspaceView {
	out := []WorkspaceView{}
	for _, d := range a.deps.Settings.Get().Recent {
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			out = append(out, workspaceView(d))
		}
	}
	return out
}

// CurrentWorkspace returns the open folder, or nil.
func (a *Project) CurrentWorkspace() *WorkspaceView {
	ws := a.workspace()
	if ws == "" {
		return nil
	}
	v := workspaceView(ws)
	return &v
}

func workspaceView(abs string) WorkspaceView {
	return WorkspaceView{Path: abs, Name: filepath.Base(abs)}
}
