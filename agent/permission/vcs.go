package permission

import "strings"

// gitReadSubcommands only inspect the repository.
var gitReadSubcommands = map[string]bool{
	"status": true, "log": true, "diff": true, "show": true, "blame": true, "ls-files": true,
	"rev-parse": true, "describe": true, "shortlog": true, "grep": true, "ls-tree": true,
	"cat-file": true, "rev-list": true, "reflog": false, "branch": true, "tag": true, "remote": true,
}

// gitForbidden are options that write files or run programs.
var gitForbidden = forbid("--output", "--ext-diff", "-O", "--open-files-in-pager", "--exec-path", "--upload-pack", "--receive-pack")

func gitReadOnly(args []word) string {
	if len(args) == 0 {
		return "git without a subcommand"
	}
	sub := args[0].s
	if strings.HasPrefix(sub, "-") {
		return "git global options (" + sub + ") are not vetted"
	}
	if !gitReadSubcommands[sub] {
		return "git " + sub + " is not on the read-only list"
	}
	rest := args[1:]
	switch sub {
	case "branch", "tag", "remote":
		for _, a := range rest {
			switch a.s {
			case "-a", "-r", "-v", "-vv", "--all", "--remotes", "--list", "-l", "--show-current", "--verbose", "--merged", "--no-merged", "--contains":
				continue
			}
			return "git " + sub + " with arguments can change the repository"
		}
	}
	return gitForbidden(rest)
}

func goReadOnly(args []word) string {
	if len(args) == 0 {
		return "go without a subcommand"
	}
	switch args[0].s {
	case "version", "list", "doc":
		return ""
	case "env":
		return forbid("-w", "-u")(args[1:])
	}
	return "go " + args[0].s + " builds or runs code"
}
