package session

import (
	"fmt"
	"strings"
)

// redactedHooks is a copy of runs with their free text passed through r.
func redactedHooks(runs []HookRun, r Redactor) []HookRun {
	if len(runs) == 0 {
		return nil
	}
	out := make([]HookRun, len(runs))
	for i, h := range runs {
		h.Command, h.Output, h.Problem = r.String(h.Command), r.String(h.Output), r.String(h.Problem)
		out[i] = h
	}
	return out
}

// writeHooks writes the hook runs that came after the call named after
// ("" for those before any call of the message), each as one line with its
// output fenced below.
func writeHooks(b *strings.Builder, runs []HookRun, after string) {
	for _, h := range runs {
		if h.After != after {
			continue
		}
		fmt.Fprintf(b, "\n**Hook `%s`** `%s` — exit %d", h.Event, h.Command, h.ExitCode)
		if h.Blocked {
			b.WriteString(", blocked")
		}
		b.WriteString("\n\n")
		if h.Problem != "" {
			fmt.Fprintf(b, "> %s\n\n", h.Problem)
		}
		if h.Output != "" {
			writeFence(b, "", h.Output)
		}
	}
}
