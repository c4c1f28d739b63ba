package permission

import (
	"path"
	"strings"
)

// deleters remove their operands.
var deleters = map[string]bool{"rm": true, "rmdir": true, "unlink": true, "shred": true, "srm": true, "trash": true, "trash-put": true}

// deletion marks the line always-ask when it may delete the workspace root,
// the home directory, / or one of their ancestors.
func (j *judge) deletion(name string, args []word, argsDynamic bool) {
	if !deleters[name] {
		return
	}
	var targets []word
	for _, a := range args {
		if !a.dynamic && strings.HasPrefix(a.s, "-") && a.s != "-" {
			continue
		}
		targets = append(targets, a)
	}
	j.deleteTargets(targets, argsDynamic)
}

func (j *judge) deleteTargets(targets []word, argsDynamic bool) {
	if argsDynamic {
		j.always("deletes files named only at run time")
		return
	}
	for _, t := range targets {
		if t.dynamic {
			j.always("deletes a path computed at run time: " + t.s)
			return
		}
		s := t.s
		if t.glob {
			s = globBase(s)
		}
		ps, known := j.resolve(s)
		if !known {
			j.always("deletes " + t.s + ", whose location depends on run-time state")
			return
		}
		for _, p := range ps {
			for _, guarded := range []string{"/", j.env.Workspace, j.env.Home} {
				if guarded != "" && within(guarded, p) {
					j.always("deletes " + t.s + ", which is or contains " + guarded)
					return
				}
			}
		}
		if j.protectedTarget(word{s: s}) {
			j.always("deletes " + t.s + ", inside .git/ or Hearth's config")
			return
		}
	}
}

// globBase is the directory a glob expands in: "src/*.go" -> "src",
// "*" -> ".", "/*" -> "/".
func globBase(s string) string {
	i := strings.IndexAny(s, "*?[{")
	dir := s[:i]
	if j := strings.LastIndex(dir, "/"); j >= 0 {
		dir = dir[:j+1]
	} else {
		dir = ""
	}
	if dir == "" {
		return "."
	}
	if dir == "/" {
		return "/"
	}
	return path.Clean(dir)
}
