package probe

import (
	"os"
	"os/exec"
	"path/filepath"

	"github.com/hearth-agent/hearth/agent/provider"
)

// Installed finds a local provider's program: on PATH, else where its
// installer puts it under home (LM Studio's ~/.lmstudio/bin, ~/.local/bin,
// macOS's Applications). "" when it is not on this machine, so the
// first-run card never claims a server it did not find.
func Installed(p provider.Info, home string, lookPath func(string) (string, error)) string {
	if lookPath == nil {
		lookPath = exec.LookPath
	}
	for _, name := range p.Programs {
		if path, err := lookPath(name); err == nil {
			return path
		}
	}
	if home == "" {
		return ""
	}
	var places []string
	for _, name := range p.Programs {
		places = append(places,
			filepath.Join(home, ".lmstudio", "bin", name),
			filepath.Join(home, ".local", "bin", name),
			filepath.Join(home, "Applications", p.Name+".app"),
			filepath.Join("/Applications", p.Name+".app"))
	}
	for _, path := range places {
		if _, err := os.Stat(path); err == nil {
			return path
		}
	}
	return ""
}
