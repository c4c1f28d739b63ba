package lsp

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// maxShown bounds the diagnostics one report lists.
const maxShown = 20

// Before is called with a file's content before the tools change it (old
// is nil for a new file); the returned func, called with the new content
// once it is on disk, says which errors the change introduced, "" when
// none or when the file's language has no server. It waits at most
// Options.Wait for each answer.
func (m *Manager) Before(ctx context.Context, abs string, old []byte, existed bool) func(ctx context.Context, updated []byte) string {
	if l, _ := languageOf(m.opts.Languages, abs); l == nil {
		return nil
	}
	c, _, id, err := m.clientFor(ctx, abs)
	if err != nil {
		if errors.Is(err, ErrNoServer) {
			return nil
		}
		return func(context.Context, []byte) string { return "\n\n(No diagnostics: " + err.Error() + ".)" }
	}
	u := uri.File(abs)
	var before []protocol.Diagnostic
	known := !existed
	if existed {
		before, known = m.snapshot(ctx, c, u, id, string(old))
	}
	return func(ctx context.Context, updated []byte) string {
		if c.dead() {
			// The server died during the change: the next call restarts it.
			return "\n\n(No diagnostics: " + c.name + " stopped: " + c.exitReason() + ".)"
		}
		version, seq, _, err := c.sync(ctx, u, id, string(updated))
		if err != nil {
			return "\n\n(No diagnostics: " + err.Error() + ".)"
		}
		wctx, cancel := context.WithTimeout(ctx, m.waitFor(c))
		after, ok := c.awaitDiagnostics(wctx, u, version, seq)
		cancel()
		if !ok {
			return fmt.Sprintf("\n\n(%s sent no diagnostics within %s.)", c.name, m.waitFor(c))
		}
		if !known {
			all := errorsOnly(after)
			if len(all) == 0 {
				return ""
			}
			return "\n\n" + report(fmt.Sprintf("The file now has %s (%s; which were there before is not known):", count(len(all), "error"), c.name), m.rel(abs), all)
		}
		added := introduced(errorsOnly(before), errorsOnly(after))
		if len(added) == 0 {
			return ""
		}
		return "\n\n" + report(fmt.Sprintf("This change introduced %s (%s):", count(len(added), "error"), c.name), m.rel(abs), added)
	}
}

// snapshot is the file's diagnostics as it is now, before a change: the
// last published if the server already has this text, else what it
// publishes once told.
func (m *Manager) snapshot(ctx context.Context, c *client, u protocol.DocumentURI, id, text string) ([]protocol.Diagnostic, bool) {
	version, seq, _, err := c.sync(ctx, u, id, text)
	if err != nil {
		return nil, false
	}
	wctx, cancel := context.WithTimeout(ctx, m.waitFor(c))
	defer cancel()
	return c.awaitDiagnostics(wctx, u, version, seq)
}

// FileDiagnostics are the current problems of one file, the server told
// its content on disk.
func (m *Manager) FileDiagnostics(ctx context.Context, abs string) (string, error) {
	c, _, id, err := m.clientFor(ctx, abs)
	if err != nil {
		return "", err
	}
	b, err := os.ReadFile(abs)
	if err != nil {
		return "", err
	}
	list, ok := m.snapshot(ctx, c, uri.File(abs), id, string(b))
	if !ok {
		return "", fmt.Errorf("%s sent no diagnostics for %s within %s", c.name, m.rel(abs), m.waitFor(c))
	}
	list = worthShowing(list)
	if len(list) == 0 {
		return fmt.Sprintf("No errors or warnings in %s (%s).", m.rel(abs), c.name), nil
	}
	return report(fmt.Sprintf("%s in %s (%s):", countProblems(list), m.rel(abs), c.name), m.rel(abs), list), nil
}

// ProjectDiagnostics are the problems the running servers have published
// for the whole workspace, starting those its languages need.
func (m *Manager) ProjectDiagnostics(ctx context.Context) (string, error) {
	var b strings.Builder
	var notes []string
	total := 0
	for _, l := range m.Languages() {
		c, _, _, err := m.clientFor(ctx, l.sample)
		if err != nil {
			notes = append(notes, err.Error())
			continue
		}
		if len(c.all()) == 0 {
			// A server just started publishes once it has loaded the
			// workspace; give it the edit's wait to do so.
			wctx, cancel := context.WithTimeout(ctx, m.waitFor(c))
			c.awaitAny(wctx)
			cancel()
		}
		all := c.all()
		uris := make([]string, 0, len(all))
		for u := range all {
			uris = append(uris, string(u))
		}
		sort.Strings(uris)
		for _, u := range uris {
			list := worthShowing(all[protocol.DocumentURI(u)])
			if len(list) == 0 {
				continue
			}
			total += len(list)
			rel := m.rel(uri.URI(u).Filename())
			b.WriteString(report(fmt.Sprintf("%s in %s (%s):", countProblems(list), rel, c.name), rel, list))
			b.WriteString("\n")
		}
	}
	out := strings.TrimSpace(b.String())
	if total == 0 {
		out = "No errors or warnings reported."
	}
	for _, n := range notes {
		out += "\n(" + n + ")"
	}
	return out, nil
}

// awaitAny waits for any publish.
func (c *client) awaitAny(ctx context.Context) {
	c.mu.Lock()
	ch := c.changed
	c.mu.Unlock()
	select {
	case <-ch:
	case <-ctx.Done():
	case <-c.exited:
	}
}

// introduced are the diagnostics of after not in before, matched by
// severity and message (lines shift with an edit), as many times as each
// occurs.
func introduced(before, after []protocol.Diagnostic) []protocol.Diagnostic {
	seen := map[string]int{}
	for _, d := range before {
		seen[key(d)]++
	}
	var out []protocol.Diagnostic
	for _, d := range after {
		if seen[key(d)] > 0 {
			seen[key(d)]--
			continue
		}
		out = append(out, d)
	}
	return out
}

func key(d protocol.Diagnostic) string {
	return fmt.Sprintf("%v\x00%s", float64(d.Severity), d.Message)
}

func errorsOnly(list []protocol.Diagnostic) []protocol.Diagnostic {
	return slices.DeleteFunc(slices.Clone(list), func(d protocol.Diagnostic) bool {
		return d.Severity != protocol.DiagnosticSeverityError && d.Severity != 0
	})
}

func worthShowing(list []protocol.Diagnostic) []protocol.Diagnostic {
	return slices.DeleteFunc(slices.Clone(list), func(d protocol.Diagnostic) bool {
		return d.Severity == protocol.DiagnosticSeverityInformation || d.Severity == protocol.DiagnosticSeverityHint
	})
}

// report lists diagnostics one a line: file:line:column: severity: message.
func report(head, rel string, list []protocol.Diagnostic) string {
	sort.SliceStable(list, func(i, j int) bool { return list[i].Range.Start.Line < list[j].Range.Start.Line })
	var b strings.Builder
	b.WriteString(head)
	for i, d := range list {
		if i == maxShown {
			fmt.Fprintf(&b, "\n  … and %d more", len(list)-maxShown)
			break
		}
		msg := strings.Join(strings.Fields(d.Message), " ")
		fmt.Fprintf(&b, "\n  %s:%d:%d: %s: %s", rel, d.Range.Start.Line+1, d.Range.Start.Character+1, severity(d.Severity), msg)
	}
	return b.String()
}

func severity(s protocol.DiagnosticSeverity) string {
	switch s {
	case protocol.DiagnosticSeverityWarning:
		return "warning"
	case protocol.DiagnosticSeverityInformation:
		return "info"
	case protocol.DiagnosticSeverityHint:
		return "hint"
	}
	return "error"
}

func countProblems(list []protocol.Diagnostic) string {
	n := len(errorsOnly(list))
	if w := len(list) - n; w > 0 {
		return fmt.Sprintf("%s, %s", count(n, "error"), count(w, "warning"))
	}
	return count(n, "error")
}

func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// rel is abs relative to the workspace, slash-separated.
func (m *Manager) rel(abs string) string {
	if r, err := filepath.Rel(m.opts.Workspace, abs); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	return abs
}
