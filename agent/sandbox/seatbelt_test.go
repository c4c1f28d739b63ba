package sandbox

import (
	"strings"
	"testing"
)

func TestSeatbeltProfile(t *testing.T) {
	ro := seatbeltProfile(ReadOnly("/Users/me/proj \"x\"", "/tmp/hearth-cmd-1", []string{"/bin/bash", "/bin/ls"}))
	for _, want := range []string{
		"(deny default)",
		`(allow file-read* (subpath "/Users/me/proj \"x\"")`,
		`(allow file-read* file-write* (subpath "/tmp/hearth-cmd-1") (literal "/dev/null"))`,
		`(allow process-exec (literal "/bin/bash") (literal "/bin/ls"))`,
	} {
		if !strings.Contains(ro, want) {
			t.Errorf("read-only profile lacks %s:\n%s", want, ro)
		}
	}
	for _, never := range []string{"(allow network*)", "(allow process-exec)\n", "(allow file-write* (subpath \"/\"))"} {
		if strings.Contains(ro, never) {
			t.Errorf("read-only profile allows %s", never)
		}
	}
	ap := seatbeltProfile(Approved("/w", "/t"))
	for _, want := range []string{"(allow network*)", "(allow process-exec)\n", `(allow file-read* file-write* (subpath "/w") (subpath "/t")`} {
		if !strings.Contains(ap, want) {
			t.Errorf("approved profile lacks %s:\n%s", want, ap)
		}
	}
}
