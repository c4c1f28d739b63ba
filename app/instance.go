package app

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/wailsapp/wails/v2/pkg/options"
	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// Launch is how the window starts.
type Launch struct {
	// Folder is the workspace to open ("" for the last one, see
	// openAtStart).
	Folder string
	// SingleInstance makes a second launch focus this window (and open
	// the folder it names) instead of opening another.
	SingleInstance bool
}

// instanceID names the running app to a second launch of it.
const instanceID = "io.github.hearth-agent.hearth"

func (a *App) singleInstance(on bool) *options.SingleInstanceLock {
	if !on {
		return nil
	}
	return &options.SingleInstanceLock{UniqueId: instanceID, OnSecondInstanceLaunch: a.secondLaunch}
}

// secondLaunch brings the window forward and opens the folder the second
// launch named, if any.
func (a *App) secondLaunch(d options.SecondInstanceData) {
	ctx := a.runtimeCtx
	if ctx == nil {
		return
	}
	runtime.WindowUnminimise(ctx)
	runtime.Show(ctx)
	if dir := launchFolder(d.Args, d.WorkingDirectory); dir != "" {
		v, err := a.h.Project.OpenWorkspace(dir)
		if err != nil {
			a.emit("notice", FormatError(err))
			return
		}
		a.emit("workspace", v)
	}
}

// launchFolder is the folder a launch's arguments name, resolved against
// its working directory: the one argument that is not a flag, when it is a
// folder; "" otherwise.
func launchFolder(args []string, wd string) string {
	var rest []string
	for _, s := range args {
		if !strings.HasPrefix(s, "-") {
			rest = append(rest, s)
		}
	}
	if len(rest) != 1 {
		return ""
	}
	dir := rest[0]
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(wd, dir)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ""
	}
	return filepath.Clean(dir)
}
