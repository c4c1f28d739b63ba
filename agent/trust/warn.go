package trust

import (
	"fmt"
	"path"
	"slices"
	"strings"
)

// credentialPaths are where people keep secrets; an item naming one reads
// credentials.
var credentialPaths = []string{
	".ssh", ".aws", ".gnupg", ".netrc", ".git-credentials", ".docker/config.json", ".kube/config",
	".config/gcloud", ".azure", ".npmrc", ".pypirc", ".config/gh", "id_rsa", "id_ed25519", ".password-store",
}

// credentialPrograms read a keychain or password store.
var credentialPrograms = []string{"secret-tool", "security", "kwallet-query", "pass", "gopass", "keyctl", "gnome-keyring-daemon", "op", "bw", "lpass"}

// uploadPrograms send data over the network whatever their arguments.
var uploadPrograms = []string{"nc", "ncat", "netcat", "socat", "scp", "sftp", "ftp", "rsync", "telnet", "ssh"}

// uploadFlags make curl or wget send data rather than fetch.
var uploadFlags = []string{"-d", "--data", "--data-binary", "--data-raw", "--data-urlencode", "-F", "--form", "-T", "--upload-file", "--post-file", "--post-data", "--body-file", "--json"}

// warnings says plainly when the commands an item runs read credentials or
// send data out; the judge shows them, it does not refuse on them.
func warnings(lines []string, argv [][]string) []string {
	calls := slices.Clone(argv)
	for _, ln := range lines {
		calls = append(calls, shellCalls(ln)...)
	}
	var reads, sends []string
	for _, args := range calls {
		if len(args) == 0 {
			continue
		}
		prog := path.Base(args[0])
		if slices.Contains(credentialPrograms, prog) {
			reads = append(reads, quote(prog))
		}
		for _, a := range args {
			for _, c := range credentialPaths {
				if strings.Contains(a, c) && (strings.HasPrefix(a, "~") || strings.Contains(a, "$") || strings.HasPrefix(a, "/")) {
					reads = append(reads, quote(a))
					break
				}
			}
		}
		switch {
		case slices.Contains(uploadPrograms, prog):
			sends = append(sends, quote(prog))
		case prog == "curl" || prog == "wget":
			for _, a := range args[1:] {
				flag, _, _ := strings.Cut(a, "=")
				if slices.Contains(uploadFlags, flag) || strings.HasPrefix(a, "-d@") || strings.HasPrefix(a, "@") {
					sends = append(sends, quote(prog+" "+a))
					break
				}
			}
		}
	}
	var out []string
	if reads = compact(reads); len(reads) > 0 {
		out = append(out, fmt.Sprintf("reads credentials or keychain secrets: %s", list(reads)))
	}
	if sends = compact(sends); len(sends) > 0 {
		out = append(out, fmt.Sprintf("sends data over the network: %s", list(sends)))
	}
	return out
}

func compact(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}
