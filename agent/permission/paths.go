package permission

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// maxLinks bounds the symlinks followed while resolving one path, as the
// kernel's own limit does.
const maxLinks = 40

// changeDir records where a cd may lead. A literal relative path is joined
// to every directory already possible; anything else (an absolute path,
// "..", "-", ~, a computed word, popd) makes relative paths unknown.
func (j *judge) changeDir(args []*syntax.Word) {
	var target *word
	for _, a := range args {
		w, ok := wordLit(a)
		if !ok {
			j.cd = true
			return
		}
		if strings.HasPrefix(w.s, "-") && w.s != "-" {
			continue // -L, -P, -e
		}
		if target != nil {
			j.cd = true
			return
		}
		target = &w
	}
	if target == nil || target.glob || target.s == "" || target.s == "-" || strings.HasPrefix(target.s, "/") ||
		strings.HasPrefix(target.s, "~") || strings.HasPrefix(target.s, "+") {
		j.cd = true
		return
	}
	for _, part := range strings.Split(target.s, "/") {
		if part == ".." {
			j.cd = true
			return
		}
	}
	n := len(j.dirs)
	for _, d := range j.dirs[:n] {
		j.dirs = append(j.dirs, d+"/"+target.s)
	}
}

// candidates turns a literal path word into the unresolved absolute paths
// it may name (one per possible working directory); known is false when
// the result depends on run-time state (a cd elsewhere, ~user).
func (j *judge) candidates(s string) (ps []string, known bool) {
	switch {
	case s == "~" || strings.HasPrefix(s, "~/"):
		return []string{j.env.Home + strings.TrimPrefix(s, "~")}, j.env.Home != ""
	case strings.HasPrefix(s, "~"):
		return nil, false
	case strings.HasPrefix(s, "/"):
		return []string{s}, true
	case j.cd:
		return nil, false
	}
	for _, d := range j.dirs {
		ps = append(ps, d+"/"+s)
	}
	return ps, true
}

// resolve returns the clean absolute paths a literal path word may name,
// without following links (for the always-ask guards on deletion).
func (j *judge) resolve(s string) ([]string, bool) {
	ps, known := j.candidates(s)
	for i := range ps {
		ps[i] = path.Clean(ps[i])
	}
	return ps, known
}

// outside reports whether a path argument may name something outside the
// workspace: through "..", the home directory, an unknown cd, or a symlink
// anywhere along it, even one whose last part does not exist yet. The
// shell is not confined like the file tools, and a cloned repository can
// carry such links.
func (j *judge) outside(w word) bool {
	if w.dynamic {
		return true
	}
	if w.glob && strings.Contains(w.s, ".*") {
		return true // ".*" can match ".."
	}
	ps, known := j.candidates(w.s)
	if !known {
		return true
	}
	ws := j.workspaceReal()
	for _, p := range ps {
		matches := []string{p}
		if w.glob {
			if m, err := filepath.Glob(p); err == nil && len(m) > 0 {
				matches = m
			}
		}
		for _, m := range matches {
			real, ok := realPath(m)
			if !ok || !within(real, ws) {
				return true
			}
		}
	}
	return false
}

// protectedTarget reports whether a written path may land in the
// workspace's .git or .hearth, also through a symlink or a cd.
func (j *judge) protectedTarget(w word) bool {
	ps, known := j.candidates(w.s)
	if !known || w.dynamic {
		return true
	}
	ws := j.workspaceReal()
	for _, p := range ps {
		real, ok := realPath(p)
		if !ok || inProtectedDir(path.Clean(p), j.env.Workspace) || inProtectedDir(real, ws) {
			return true
		}
	}
	return false
}

func (j *judge) workspaceReal() string {
	if j.wsReal == "" {
		j.wsReal = j.env.Workspace
		if real, err := filepath.EvalSymlinks(j.env.Workspace); err == nil {
			j.wsReal = real
		}
	}
	return j.wsReal
}

// realPath resolves p as the kernel would, one component at a time: ".."
// applies after the symlink before it is followed, a dangling link is
// followed to its target, and the missing rest is joined as written. ok is
// false when a loop or an unreadable link leaves the answer unknown.
func realPath(p string) (string, bool) {
	links := 0
	return walkPath("/", strings.Split(p, "/"), &links)
}

func walkPath(cur string, parts []string, links *int) (string, bool) {
	for i, part := range parts {
		switch part {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, part)
		fi, err := os.Lstat(next)
		if err != nil {
			// Nothing there: nothing below it can be a link either.
			return path.Clean(next + "/" + strings.Join(parts[i+1:], "/")), true
		}
		if fi.Mode()&os.ModeSymlink == 0 {
			cur = next
			continue
		}
		if *links++; *links > maxLinks {
			return "", false
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", false
		}
		base := cur
		if strings.HasPrefix(target, "/") {
			base = "/"
		}
		var ok bool
		if cur, ok = walkPath(base, strings.Split(target, "/"), links); !ok {
			return "", false
		}
	}
	return cur, true
}

func within(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, strings.TrimSuffix(dir, "/")+"/")
}

// inProtectedDir reports whether p is inside ws's .git or .hearth (case
// folded, as on case-insensitive file systems).
func inProtectedDir(p, ws string) bool {
	for _, dir := range []string{".git", ".hearth"} {
		if within(strings.ToLower(p), strings.ToLower(path.Join(ws, dir))) {
			return true
		}
	}
	return false
}
