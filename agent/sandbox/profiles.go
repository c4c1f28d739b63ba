package sandbox

// systemReadDirs hold the system's programs, libraries and data that
// ordinary tools read (locales, zoneinfo, terminfo, magic).
var systemReadDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/alternatives", "/etc/ld.so.conf.d"}

// systemReadFiles are the few files under /etc that programs need to start
// and name users; the rest of /etc (credentials, keys) stays closed.
var systemReadFiles = []string{
	"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/localtime", "/etc/timezone", "/etc/passwd", "/etc/group",
	"/etc/nsswitch.conf", "/etc/magic", "/etc/mime.types", "/etc/hostname", "/etc/os-release", "/etc/inputrc",
	"/dev/urandom", "/dev/zero", "/dev/random",
}

// ReadOnly is the policy for a command run without asking: it reads the
// workspace and the system's programs, writes only tmp (and /dev/null), runs
// only the given programs and has no network.
func ReadOnly(workspace, tmp string, programs []string) Policy {
	return Policy{
		ReadDirs:   append([]string{workspace}, systemReadDirs...),
		ReadFiles:  systemReadFiles,
		WriteDirs:  []string{tmp},
		WriteFiles: []string{"/dev/null"},
		ExecFiles:  programs,
	}
}

// Approved is the policy for a command the person approved, when Settings
// asks to contain those too: it may read and run anything, write only the
// workspace and tmp, and use the network.
func Approved(workspace, tmp string) Policy {
	return Policy{
		Unrestricted: true,
		WriteDirs:    []string{workspace, tmp},
		WriteFiles:   []string{"/dev/null", "/dev/tty"},
		Network:      true,
	}
}
