package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestTopLevelContract(t *testing.T) {
	tests := []struct {
		args     []string
		code     int
		stdout   string
		stderr   string
		isCmd    bool
		checkOut bool
	}{
		{[]string{"--version"}, ExitOK, "hearth test\n", "", true, true},
		{[]string{"--help"}, ExitOK, "Usage: hearth", "", true, false},
		{[]string{"frobnicate"}, ExitUsage, "", "unknown command", false, false},
		{[]string{"keys", "--help"}, ExitOK, "Usage: hearth keys", "", true, false},
		{[]string{"keys"}, ExitUsage, "", "missing subcommand", true, false},
		{[]string{"keys", "set"}, ExitUsage, "", "unexpected arguments", true, false},
		{[]string{"run", "--help"}, ExitOK, "Usage: hearth run", "", true, false},
		{[]string{"search", "--help"}, ExitOK, "Usage: hearth search", "", true, false},
		{[]string{"search", "--bogus"}, ExitUsage, "", "flag provided but not defined: -bogus", true, false},
		{[]string{"-devserver", "127.0.0.1:1"}, ExitUsage, "", "", false, false},
	}
	for _, tt := range tests {
		if got := IsCommand(tt.args); got != tt.isCmd {
			t.Errorf("IsCommand(%v) = %v", tt.args, got)
		}
		if !tt.isCmd && tt.args[0] != "frobnicate" {
			continue // the desktop app's own flags are not the CLI's business
		}
		var out, errb bytes.Buffer
		env := &Env{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Getenv: func(string) string { return "" }, Version: "test"}
		code := Run(context.Background(), env, tt.args)
		if code != tt.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", tt.args, code, tt.code, errb.String())
		}
		if tt.checkOut && out.String() != tt.stdout || !strings.Contains(out.String(), tt.stdout) {
			t.Errorf("%v: stdout %q, want %q", tt.args, out.String(), tt.stdout)
		}
		if !strings.Contains(errb.String(), tt.stderr) {
			t.Errorf("%v: stderr %q, want it to contain %q", tt.args, errb.String(), tt.stderr)
		}
		if code == ExitOK && errb.Len() > 0 {
			t.Errorf("%v: a successful run wrote to stderr: %q", tt.args, errb.String())
		}
	}
}
