package permission

import (
	"os"
	"path/filepath"
	"runtime"
)

// program finds the file a command name runs through the command's PATH
// and records it, so a sandbox can allow exactly the programs judged. It
// returns why the command must ask: the name resolves to a file inside the
// workspace (a cloned repository could ship its own "ls" on a PATH entry
// such as node_modules/.bin or "."), or PATH names a relative directory.
func (j *judge) program(name string) string {
	if builtins[name] || j.env.Path == "" {
		return ""
	}
	for _, dir := range filepath.SplitList(j.env.Path) {
		if dir == "" || !filepath.IsAbs(dir) {
			return "PATH holds a relative directory, so " + name + " could be a program from the workspace"
		}
		cand := filepath.Join(dir, name)
		fi, err := os.Stat(cand)
		if err != nil || fi.IsDir() || (runtime.GOOS != "windows" && fi.Mode()&0o111 == 0) {
			continue
		}
		real, ok := realPath(cand)
		if !ok {
			return "cannot tell which program " + name + " is"
		}
		if within(real, j.workspaceReal()) || within(filepath.Clean(cand), j.env.Workspace) {
			return name + " resolves to " + cand + ", a program inside the workspace"
		}
		for _, p := range j.v.Programs {
			if p == cand {
				return ""
			}
		}
		j.v.Programs = append(j.v.Programs, cand)
		return ""
	}
	return "" // not installed: bash will report it and nothing runs
}
