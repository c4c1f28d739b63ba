package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Desktop reads the arguments of a launch that names no command: none, or
// one folder to open the window on. Anything else is a usage error: the
// message and usage are printed and ok is false with ExitUsage. With
// windowFlags (a development build, whose window reads -devserver and the
// like itself) arguments starting with "-" are left to the window; macOS's
// -psn_ argument always is.
func Desktop(env *Env, args []string, windowFlags bool) (dir string, code int, ok bool) {
	var rest []string
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "-psn_"):
		case strings.HasPrefix(a, "-") && windowFlags:
			return "", 0, true
		default:
			rest = append(rest, a)
		}
	}
	switch {
	case len(rest) == 0:
		return "", 0, true
	case len(rest) > 1 || strings.HasPrefix(rest[0], "-"):
		fmt.Fprintf(env.Stderr, "hearth: unexpected arguments %q: give one command, or one folder to open\n", strings.Join(rest, " "))
	default:
		abs, err := filepath.Abs(rest[0])
		fi, statErr := os.Stat(abs)
		switch {
		case err == nil && statErr == nil && fi.IsDir():
			return abs, 0, true
		case statErr == nil:
			fmt.Fprintf(env.Stderr, "hearth: %s is not a folder; give a command, or a folder to open\n", rest[0])
		default:
			fmt.Fprintf(env.Stderr, "hearth: unknown command %q (and no folder of that name)\n", rest[0])
		}
	}
	usage(env.Stderr)
	return "", ExitUsage, false
}
