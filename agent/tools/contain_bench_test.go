//go:build linux

package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
)

// BenchmarkShellContained times one read-only command through the shell
// tool, in the sandbox (Landlock and the socket filter, its processes
// tracked as in every call) and, for comparison, with the sandbox bypassed
// by an approval.
func BenchmarkShellContained(b *testing.B) {
	for _, tc := range []struct {
		name string
		cfg  Config
		hook func(string) (permission.Clearance, bool)
	}{
		{"contained", Config{}, nil},
		{"unconfined", Config{Approve: ApproveAll}, func(string) (permission.Clearance, bool) { return permission.Clearance{}, true }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			_, tools := newWS(b, map[string]string{"a.txt": "x\n"}, tc.cfg)
			misjudged = tc.hook
			defer func() { misjudged = nil }()
			args, _ := json.Marshal(ShellParams{Command: "cat a.txt"})
			for b.Loop() {
				out, err := tools["shell"].Run(context.Background(), args)
				if err != nil || !strings.HasPrefix(out, "exit code: 0") {
					b.Fatalf("%v %s", err, out)
				}
			}
		})
	}
}
