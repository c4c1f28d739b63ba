package tools

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// introducedMark begins what a language server says an edit broke (see
// agent/lsp); the summaries count from it.
const introducedMark = "\n\nThis change introduced "

var (
	introducedCount = regexp.MustCompile(`This change introduced (\d+) errors? \(`)
	problemsCount   = regexp.MustCompile(`(?m)^(\d+) errors?(?:, (\d+) warnings?)? in `)
	placesCount     = regexp.MustCompile(`^(?:Defined|Referenced) at (\d+) places?:`)
)

// newErrors is " · 1 new error" when the edit's result reports some.
func newErrors(out string) string {
	m := introducedCount.FindStringSubmatch(out)
	if m == nil {
		return ""
	}
	n, _ := strconv.Atoi(m[1])
	return " · " + count(n, "new error")
}

func summarizeDiagnostics(a args, out string) string {
	head := headline("diagnostics", a)
	if strings.HasPrefix(out, "No errors") {
		return head + " · no problems"
	}
	errs, warns := 0, 0
	for _, m := range problemsCount.FindAllStringSubmatch(out, -1) {
		e, _ := strconv.Atoi(m[1])
		w, _ := strconv.Atoi(m[2])
		errs, warns = errs+e, warns+w
	}
	if warns > 0 {
		return fmt.Sprintf("%s · %s, %s", head, count(errs, "error"), count(warns, "warning"))
	}
	return head + " · " + count(errs, "error")
}

func lspHeadline(a args) string {
	what := a.str("symbol")
	if p := a.str("path"); p != "" {
		what = clip(p)
		if l, ok := a["line"].(float64); ok && l > 0 {
			what += fmt.Sprintf(":%d", int(l))
		}
		if s := a.str("symbol"); s != "" {
			what += " " + clip(s)
		}
	}
	switch op := a.str("operation"); op {
	case "definition":
		return "Found the definition of " + what
	case "references":
		return "Found references to " + what
	case "hover":
		return "Looked up " + what
	case "symbols":
		return "Listed symbols of " + what
	default:
		return "lsp " + op + " " + what
	}
}

func summarizeLSP(a args, out string) string {
	head := lspHeadline(a)
	if m := placesCount.FindStringSubmatch(out); m != nil {
		n, _ := strconv.Atoi(m[1])
		return head + " · " + count(n, "place")
	}
	if strings.HasPrefix(out, "No locations") {
		return head + " · none found"
	}
	return head
}
