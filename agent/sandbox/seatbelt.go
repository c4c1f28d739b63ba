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
	var reads []string
	for _, d := range append(append([]string{}, p.ReadDirs...), macReadDirs...) {
		reads = append(reads, subpath(d))
	}
	for _, f := range p.ReadFiles {
		reads = append(reads, literal(f))
	}
	rule("file-read*", reads)
	var writes []string
	for _, d := range p.WriteDirs {
		writes = append(writes, subpath(d))
	}
	for _, f := range p.WriteFiles {
		writes = append(writes, literal(f))
	}
	rule("file-read* file-write*", writes)
	var execs []string
	for _, f := range p.ExecFiles {
		execs = append(execs, literal(f))
	}
	for _, d := range p.ExecDirs {
		execs = append(execs, subpath(d))
	}
	rule("process-exec", execs)
	rule("file-read*", execs)
	if p.Network {
		b.WriteString("(allow network*)\n")
	}
	return b.String()
}

func subpath(p string) string { return "(subpath " + quote(p) + ")" }
func literal(p string) string { return "(literal " + quote(p) + ")" }

// quote writes s as an SBPL string: a path may hold quotes or backslashes.
func quote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
