// Package confine confines every file operation of the agent to one
// directory tree. Paths from the model are validated lexically first (so the
// error can say exactly what is wrong) and then resolved through os.Root, which
// refuses symlinks that lead outside even when they are swapped mid-call.
package confine

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Sentinel errors callers can branch on with errors.Is.
var (
	// ErrOutside reports a path that leads outside the workspace.
	ErrOutside = errors.New("path is outside the workspace")
	// ErrInvalid reports a path that is malformed (NUL byte, empty, bad encoding).
	ErrInvalid = errors.New("invalid path")
	// ErrProtected reports a write to .git/ or to Hearth's own config.
	ErrProtected = errors.New("path is protected")
)

// PathError describes why a path was refused. Err is one of the sentinels or
// the underlying file-system error.
type PathError struct {
	Path   string
	Reason string
	Err    error
}

func (e *PathError) Error() string {
	return fmt.Sprintf("%s: %q: %s", errText(e.Err), e.Path, e.Reason)
}

func (e *PathError) Unwrap() error { return e.Err }

func errText(err error) string {
	if err == nil {
		return "refused"
	}
	return err.Error()
}

func refuse(p string, sentinel error, reason string) error {
	return &PathError{Path: p, Reason: reason, Err: sentinel}
}

// Clean validates p as given by the model and returns it as a slash-separated
// path relative to the workspace root ("." for the root itself). dir is the
// absolute workspace directory; absolute paths are accepted only beneath it.
func Clean(dir, p string) (string, error) {
	if strings.IndexByte(p, 0) >= 0 {
		return "", refuse(p, ErrInvalid, "contains a NUL byte")
	}
	if !utf8.ValidString(p) {
		return "", refuse(p, ErrInvalid, "is not valid UTF-8")
	}
	orig := p
	p = strings.TrimSpace(p)
	if p == "" || p == "." || p == "./" {
		return ".", nil
	}
	if isWindowsSpecial(p) {
		return "", refuse(orig, ErrOutside, "Windows drive, UNC and device paths are not allowed; use a path relative to the workspace root")
	}
	if p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`) {
		return "", refuse(orig, ErrOutside, "home-directory paths (~) are not allowed; use a path relative to the workspace root")
	}
	if filepath.Separator == '\\' {
		p = strings.ReplaceAll(p, `\`, "/")
	}
	if strings.HasPrefix(p, "/") {
		rel, ok := underDir(dir, p)
		if !ok {
			return "", refuse(orig, ErrOutside, "absolute path outside the workspace "+dir)
		}
		p = rel
	}
	for _, part := range strings.Split(p, "/") {
		if part == ".." {
			return "", refuse(orig, ErrOutside, "'..' is not allowed; use a path relative to the workspace root")
		}
	}
	return path.Clean(p), nil
}

// underDir reports p (absolute, slash-separated) relative to dir if it is dir
// or beneath it.
func underDir(dir, p string) (string, bool) {
	d := filepath.ToSlash(filepath.Clean(dir))
	c := path.Clean(p)
	if strings.Contains(p, "/../") || strings.HasSuffix(p, "/..") {
		return "", false
	}
	if c == d {
		return ".", true
	}
	prefix := strings.TrimSuffix(d, "/") + "/"
	if strings.HasPrefix(c, prefix) {
		return strings.TrimPrefix(c, prefix), true
	}
	return "", false
}

// isWindowsSpecial catches drive-letter ("C:\x", "c:x"), UNC ("\\srv\share",
// "//srv/share") and device ("\\?\", "\\.\") forms on every OS, so a model
// cannot reach outside by speaking another platform's path dialect.
func isWindowsSpecial(p string) bool {
	if len(p) >= 2 && p[1] == ':' && isLetter(p[0]) {
		return true
	}
	if strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, `//`) || strings.HasPrefix(p, `\`) {
		return true
	}
	return strings.HasPrefix(p, `/\`) || strings.HasPrefix(p, `\/`)
}

func isLetter(b byte) bool { return (b|0x20) >= 'a' && (b|0x20) <= 'z' }

// protectedNames are directories the agent may read but never write unless
// the user allows it: the repository's internals and Hearth's own config.
var protectedNames = []string{".git", ConfigDirName}

// ConfigDirName is the per-workspace directory holding Hearth's settings
// (permission rules and the like).
const ConfigDirName = ".hearth"

// isProtected reports whether rel (slash-separated, cleaned) lies inside a
// protected directory. Comparison ignores case because macOS and Windows file
// systems do.
func isProtected(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		for _, name := range protectedNames {
			if strings.EqualFold(part, name) {
				return true
			}
		}
	}
	return false
}
