package sandbox

import (
	"fmt"
	"strings"
)

// macReadDirs are where macOS keeps programs, libraries and the data
// ordinary tools read.
var macReadDirs = []string{"/usr", "/bin", "/sbin", "/System", "/Library", "/opt/homebrew", "/private/var/db/dyld", "/private/var/db/timezone"}

// seatbeltProfile writes p as a Seatbelt (SBPL) profile for sandbox-exec:
// deny by default, then allow what p lists. Metadata reads stay open
// everywhere because path lookups need them, as Landlock leaves them open.
func seatbeltProfile(p Policy) string {
	var b strings.Builder
	b.WriteString("(version 1)\n(deny default)\n")
	b.WriteString("(allow process-fork)\n(allow signal (target same-sandbox))\n(allow sysctl-read)\n")
	b.WriteString("(allow file-read-metadata)\n(allow mach-lookup)\n(allow ipc-posix-shm-read-data)\n")
	rule := func(action string, filters []string) {
		if len(filters) > 0 {
			fmt.Fprintf(&b, "(allow %s %s)\n", action, strings.Join(filters, " "))
		}
	}
	if p.Unrestricted {
		b.WriteString("(allow file-read*)\n(allow process-exec)\n")
	}
	reads := filters(append(append([]string{}, p.ReadDirs...), macReadDirs...), p.ReadFiles)
	rule("file-read*", reads)
	rule("file-read* file-write*", filters(p.WriteDirs, p.WriteFiles))
	execs := filters(p.ExecDirs, p.ExecFiles)
	rule("process-exec", execs)
	rule("file-read*", execs)
	if p.Network {
		b.WriteString("(allow network*)\n")
	}
	return b.String()
}

// filters names each dir with everything beneath it and each file alone.
func filters(dirs, files []string) []string {
	var out []string
	for _, d := range dirs {
		out = append(out, subpath(d))
	}
	for _, f := range files {
		out = append(out, literal(f))
	}
	return out
}

func subpath(p string) string { return "(subpath " + quote(p) + ")" }
func literal(p string) string { return "(literal " + quote(p) + ")" }

// quote writes s as an SBPL string: a path may hold quotes or backslashes.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
