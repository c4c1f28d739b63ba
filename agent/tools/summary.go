package tools

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/hearth-agent/hearth/agent/tool"
)

// Finished is a finished tool call as Summarize reads it: what the loop
// reports (and what a stored conversation keeps).
type Finished struct {
	Name     string
	Args     json.RawMessage
	Status   tool.Status
	Output   string
	ExitCode *int
}

// summarizers say in one line what a successful call of each built-in tool
// did, from its arguments and the output it gave the model. Each is pure:
// front-ends (the chat rows, `hearth run`) and reopened conversations share
// them.
var summarizers = map[string]func(a args, out string) string{
	"read_file":   summarizeRead,
	"grep":        summarizeGrep,
	"shell":       summarizeShell,
	"edit_file":   summarizeEdit,
	"write_file":  summarizeWrite,
	"list_dir":    summarizeList,
	"glob":        summarizeGlob,
	"search":      summarizeSearch,
	"todo":        summarizeTodo,
	"diagnostics": summarizeDiagnostics,
	"lsp":         summarizeLSP,
	WebFetchName:  summarizeWebFetch,
	WebSearchName: summarizeWebSearch,
}

// Summarize says what a call did in one human line, e.g.
// `Read redact/redact.go · 60 lines` or `Ran go vet ./... · exit 1`.
// Tools it does not know (MCP, say) get their name and main argument.
func Summarize(f Finished) string {
	a := parseArgs(f.Args)
	head := headline(f.Name, a)
	switch {
	case f.ExitCode != nil && *f.ExitCode != 0:
		return fmt.Sprintf("%s · exit %d", head, *f.ExitCode)
	case f.Status == tool.StatusDenied:
		return head + " · denied"
	case f.Status == tool.StatusCanceled:
		return head + " · canceled"
	case f.Status == tool.StatusFailed && f.Name == "task":
		return head + " · " + taskFailure(f.Output)
	case f.Status == tool.StatusFailed:
		return head + " · " + failure(f.Output)
	}
	if fn, ok := summarizers[f.Name]; ok {
		return fn(a, f.Output)
	}
	return head
}

// args is a call's decoded arguments; a field the model left out reads "".
type args map[string]any

func parseArgs(raw json.RawMessage) args {
	var a args
	if json.Unmarshal(raw, &a) != nil || a == nil {
		return args{}
	}
	return a
}

func (a args) str(k string) string {
	s, _ := a[k].(string)
	return s
}

// headline is the call's verb and object, as the summary of each tool
// begins.
func headline(name string, a args) string {
	if h, ok := agentHeadline(name, a); ok {
		return h
	}
	if h, ok := webHeadline(name, a); ok {
		return h
	}
	switch name {
	case "read_file":
		return "Read " + clip(a.str("path"))
	case "grep":
		h := "grep " + strconv.Quote(clip(a.str("pattern")))
		if p := a.str("path"); p != "" && p != "." {
			h += " in " + clip(p)
		}
		return h
	case "shell":
		return "Ran " + clip(a.str("command"))
	case "edit_file":
		return "Edited " + clip(a.str("path"))
	case "write_file":
		return "Wrote " + clip(a.str("path"))
	case "list_dir":
		return "Listed " + dirName(a.str("path"))
	case "glob":
		return "glob " + strconv.Quote(clip(a.str("pattern")))
	case "search":
		return "Searched " + strconv.Quote(clip(a.str("query")))
	case "todo":
		return "Updated the checklist"
	case "diagnostics":
		if p := a.str("path"); p != "" {
			return "Checked " + clip(p)
		}
		return "Checked the project"
	case "lsp":
		return lspHeadline(a)
	}
	for _, k := range []string{"command", "path", "pattern", "query", "url"} {
		if s := a.str(k); s != "" {
			return name + " " + clip(s)
		}
	}
	return name
}

// failure is the first line of a failed call's error, without the
// "Error: tool:" prefixes the model reads.
func failure(out string) string {
	if i := strings.LastIndex(out, "Error: "); i >= 0 {
		out = out[i+len("Error: "):]
	}
	line, _, _ := strings.Cut(strings.TrimSpace(out), "\n")
	if name, rest, ok := strings.Cut(line, ": "); ok && !strings.ContainsAny(name, " /.") {
		line = rest // "read_file: x is a directory" → "x is a directory"
	}
	// The row shows the call's own duration; a second one from the text would disagree.
	line = strings.TrimSpace(goDuration.ReplaceAllStringFunc(line, func(m string) string {
		if strings.ContainsAny(m, "0123456789") {
			return ""
		}
		return m // "()" is not a duration
	}))
	if line == "" {
		return "failed"
	}
	return "failed: " + clip(line)
}

// goDuration is a Go duration in parentheses, as a failed command's "exit code" line carries it.
var goDuration = regexp.MustCompile(`\s*\((\d+h)?(\d+m)?(\d+(\.\d+)?(ms|µs|us|ns|s))?\)`)

// clip makes s one line of at most 60 characters.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

func dirName(p string) string {
	if p == "" || p == "." {
		return "the workspace root"
	}
	return clip(p)
}

// count is n with the singular or plural noun.
func count(n int, one string) string {
	switch {
	case n == 1:
		return "1 " + one
	case strings.HasSuffix(one, "y"):
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(one, "y"))
	case strings.HasSuffix(one, "ch"):
		return fmt.Sprintf("%d %ses", n, one)
	}
	return fmt.Sprintf("%d %ss", n, one)
}

var readWindow = regexp.MustCompile(`\[truncated: showing lines (\d+)-(\d+) of (\d+);`)

func summarizeRead(a args, out string) string {
	head := headline("read_file", a)
	if m := readWindow.FindStringSubmatch(out); m != nil {
		return fmt.Sprintf("%s · lines %s–%s of %s", head, m[1], m[2], m[3])
	}
	if strings.HasSuffix(out, "(empty file)") {
		return head + " · empty"
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if num, _, ok := strings.Cut(strings.TrimLeft(l, " "), "\t"); ok && isDigits(num) {
			n++
		}
	}
	return head + " · " + count(n, "line")
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

var (
	grepLine    = regexp.MustCompile(`^(.+?):\d+: `)
	grepShowing = regexp.MustCompile(`\[showing \d+ of (more than )?(\d+) matches(?: in (\d+) files)?`)
)

func summarizeGrep(a args, out string) string {
	head := headline("grep", a)
	if strings.HasPrefix(out, "No matches for ") {
		return head + " · no matches"
	}
	files := map[string]bool{}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if m := grepLine.FindStringSubmatch(l); m != nil {
			files[m[1]] = true
			n++
		}
	}
	if m := grepShowing.FindStringSubmatch(out); m != nil {
		total, _ := strconv.Atoi(m[2])
		if m[1] != "" {
			return fmt.Sprintf("%s · more than %s", head, count(total, "match"))
		}
		n = total
		if m[3] != "" {
			f, _ := strconv.Atoi(m[3])
			return fmt.Sprintf("%s · %s in %s", head, count(n, "match"), count(f, "file"))
		}
	}
	return fmt.Sprintf("%s · %s in %s", head, count(n, "match"), count(len(files), "file"))
}

var filesChanged = regexp.MustCompile(`\[files changed: ([^\]]*)\]\s*$`)

func summarizeShell(a args, out string) string {
	head := headline("shell", a)
	if m := filesChanged.FindStringSubmatch(out); m != nil {
		n := strings.Count(m[1], ", ") + 1
		if _, more, ok := strings.Cut(m[1], " and "); ok {
			extra, _ := strconv.Atoi(strings.Fields(more)[0])
			n = strings.Count(m[1], ", ") + 1 + extra
		}
		return head + " · changed " + count(n, "file")
	}
	return head
}

func diffCounts(out string) (added, removed int) {
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		case strings.HasPrefix(l, "+"):
			added++
		case strings.HasPrefix(l, "-"):
			removed++
		}
	}
	return added, removed
}

func summarizeEdit(a args, out string) string {
	diff, _, _ := strings.Cut(out, introducedMark)
	added, removed := diffCounts(diff)
	return fmt.Sprintf("%s · +%d −%d", headline("edit_file", a), added, removed) + newErrors(out)
}

var wrote = regexp.MustCompile(`^(Created|Replaced) .* \((\d+ lines?),`)

func summarizeWrite(a args, out string) string {
	m := wrote.FindStringSubmatch(out)
	if m == nil {
		return headline("write_file", a)
	}
	return fmt.Sprintf("%s %s · %s", m[1], clip(a.str("path")), m[2]) + newErrors(out)
}

func summarizeList(a args, out string) string {
	head := headline("list_dir", a)
	n := 0
	for i, l := range strings.Split(out, "\n") {
		t := strings.TrimSpace(l)
		if i == 0 || t == "" || t == "(empty)" || strings.HasPrefix(t, "[") {
			continue
		}
		n++
	}
	if strings.Contains(out, "[listing stopped at") {
		return fmt.Sprintf("%s · %s (stopped there)", head, count(n, "entry"))
	}
	return head + " · " + count(n, "entry")
}

func summarizeGlob(a args, out string) string {
	head := headline("glob", a)
	if strings.HasPrefix(out, "No files match ") {
		return head + " · no files"
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if l != "" && !strings.HasPrefix(l, "[") {
			n++
		}
	}
	return head + " · " + count(n, "file")
}

func summarizeSearch(a args, out string) string {
	head := headline("search", a)
	if strings.HasPrefix(out, "No results for ") && !strings.Contains(out, "words starting with it") {
		return head + " · no results"
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if l != "" && !strings.HasPrefix(l, " ") && !strings.HasPrefix(l, "No results for ") {
			n++
		}
	}
	return head + " · " + count(n, "result")
}

var todoDone = regexp.MustCompile(`\((\d+) of (\d+) done\)\s*$`)

func summarizeTodo(a args, out string) string {
	if strings.HasPrefix(out, "Checklist cleared.") {
		return "Cleared the checklist"
	}
	if m := todoDone.FindStringSubmatch(out); m != nil {
		return fmt.Sprintf("Updated the checklist · %s of %s done", m[1], m[2])
	}
	return headline("todo", a)
}
