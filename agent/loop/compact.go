package loop

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"

	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/prompt"
)

// estimator guesses token counts from characters (about 4 per token) and
// corrects the guess with the counts providers report.
type estimator struct {
	mu     sync.Mutex
	factor float64
	window int
}

func rawTokens(m llm.Message) int {
	n := len(m.Text)
	for _, r := range m.Reasoning {
		n += len(r.Text) + len(r.Signature)/4
	}
	for _, c := range m.ToolCalls {
		n += len(c.Name) + len(c.Args) + len(c.RawArgs)
	}
	for _, r := range m.ToolResults {
		n += len(r.Content) + 8 + 4*mediaTokens(r.Parts)
	}
	return n/4 + 4 + mediaTokens(m.Parts)
}

// request estimates the prompt tokens of req.
func (e *estimator) request(req *llm.Request) int {
	n := len(req.System)/4 + 4
	for _, t := range req.Tools {
		n += (len(t.Name) + len(t.Description) + len(t.Parameters)) / 4
	}
	for _, m := range req.Messages {
		n += rawTokens(m)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return int(float64(n) * e.factor)
}

func (e *estimator) calibrate(estimate, actual int) {
	if estimate <= 0 || actual <= 0 {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.factor = min(max(e.factor*float64(actual)/float64(estimate), 0.3), 4)
}

func (e *estimator) getWindow() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.window
}

func (e *estimator) setWindow(w int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.window = w
}

// Compaction thresholds, as fractions of the window.
const (
	compactAt     = 0.80 // compact before a request would pass this
	summaryTarget = 0.40 // what is kept whole after summarising
	keepResults   = 3    // tool messages kept whole, counted from the end
	shrinkOver    = 400  // results shorter than this are left alone
)

// maybeCompact brings the history under the threshold: first by shrinking
// old tool results, then by summarising older turns. force (after a
// context_length error) compacts even below the threshold. It reports
// whether anything changed.
func (t *turn) maybeCompact(ctx context.Context, force bool) bool {
	window := t.a.est.getWindow()
	if window <= 0 {
		return false
	}
	limit := int(compactAt * float64(window))
	before := t.a.est.request(t.request())
	if !force && before <= limit {
		return false
	}
	keep := keepResults
	if force {
		keep = 1
	}
	changed := false
	if t.dropOldMedia(keep) > 0 {
		changed = true
		after := t.a.est.request(t.request())
		t.emit(Compacted{Kind: "images", Before: before, After: after})
		if after <= limit && (!force || after <= window/2) {
			return true
		}
		before = after
	}
	if t.shrinkResults(keep) > 0 {
		changed = true
		after := t.a.est.request(t.request())
		t.emit(Compacted{Kind: "tool_results", Before: before, After: after})
		if after <= limit && (!force || after <= window/2) {
			return true
		}
		before = after
	}
	if !t.requested && t.a.cfg.PreCompact != nil {
		t.a.cfg.PreCompact(ctx)
	}
	if t.summarize(ctx, int(summaryTarget*float64(window)), window) {
		changed = true
		t.emit(Compacted{Kind: "summary", Before: before, After: t.a.est.request(t.request())})
	}
	return changed
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]`)

// shrinkResults replaces the content of large results older than the last
// keep tool messages by a one-line note. The full output goes to SpillDir
// so the agent can read it back.
func (t *turn) shrinkResults(keep int) int {
	seen, n := 0, 0
	for i := len(t.msgs) - 1; i >= 0; i-- {
		m := &t.msgs[i]
		if m.Role != llm.RoleTool {
			continue
		}
		if seen++; seen <= keep {
			continue
		}
		results := append([]llm.ToolResult(nil), m.ToolResults...) // history slices may be shared
		for j := range results {
			r := &results[j]
			if len(r.Content) < shrinkOver || strings.HasPrefix(r.Content, "[shrunk") {
				continue
			}
			first, _, _ := strings.Cut(strings.TrimSpace(r.Content), "\n")
			first = t.a.cfg.Redact(first) // before the cut, which could leave a key's unrecognisable half
			note := fmt.Sprintf("[shrunk to save context: the %s output was %d characters, starting %q.", r.Name, len(r.Content), truncate(first, 80))
			if path, err := t.spill(r); err == nil {
				note += fmt.Sprintf(" The full output is in %s; read it if you need it again.]", path)
			} else {
				note += " Call the tool again if you need it.]"
			}
			r.Content = note
			n++
		}
		m.ToolResults = results
	}
	return n
}

func (t *turn) spill(r *llm.ToolResult) (string, error) {
	dir := t.a.cfg.SpillDir
	if dir == "" {
		return "", os.ErrNotExist
	}
	return writeSpill(dir, r.CallID, []byte(t.a.cfg.Redact(r.Content)))
}

// summarize replaces the oldest messages, leaving at most target tokens
// whole, by one user message holding a model-written summary and every
// user message of the replaced part verbatim.
func (t *turn) summarize(ctx context.Context, target, window int) bool {
	cut, suffix := 0, 0
	for i := len(t.msgs) - 1; i >= 1; i-- {
		suffix += rawTokens(t.msgs[i])
		valid := t.msgs[i].Role != llm.RoleTool // never orphan tool results
		if valid && (suffix <= target || cut == 0) {
			cut = i
		}
		if suffix > target && cut != 0 {
			break
		}
	}
	if cut == 0 {
		return false
	}
	prefix := t.msgs[:cut]
	var users []string
	for _, m := range prefix {
		if m.Role == llm.RoleUser && strings.TrimSpace(m.Text) != "" {
			users = append(users, m.Text)
		}
	}
	req := &llm.Request{Model: t.a.cfg.Model, System: prompt.Summarize(), MaxTokens: 2048,
		Messages: []llm.Message{{Role: llm.RoleUser, Text: focusNote(t.focus) + transcript(prefix, window*2)}}}
	resp, err := llm.StreamWithRetry(ctx, t.a.cfg.Client, req, t.a.cfg.Retry, func(llm.Delta) {}, nil)
	if err != nil || strings.TrimSpace(resp.Message.Text) == "" {
		t.a.cfg.Logf("compaction: the summary call failed: %v", err)
		return false
	}
	t.account(resp.Usage, 0)
	// The summary is stored with the conversation: a key the model copied
	// into it from a tool's output must not go along.
	text, err := prompt.Compacted(t.a.cfg.Redact(resp.Message.Text), users)
	if err != nil {
		return false
	}
	t.msgs = append([]llm.Message{{Role: llm.RoleUser, Text: text}}, t.msgs[cut:]...)
	return true
}

// transcript renders messages as plain text for the summary call, at most
// maxChars long (the middle is cut when longer).
func transcript(msgs []llm.Message, maxChars int) string {
	var b strings.Builder
	for _, m := range msgs {
		switch m.Role {
		case llm.RoleUser:
			fmt.Fprintf(&b, "USER: %s\n\n", m.Text)
		case llm.RoleAssistant:
			if m.Text != "" {
				fmt.Fprintf(&b, "ASSISTANT: %s\n\n", m.Text)
			}
			for _, c := range m.ToolCalls {
				fmt.Fprintf(&b, "ASSISTANT called %s %s\n\n", c.Name, truncate(string(c.Args), 500))
			}
		case llm.RoleTool:
			for _, r := range m.ToolResults {
				fmt.Fprintf(&b, "RESULT of %s: %s\n\n", r.Name, truncate(r.Content, 1500))
			}
		}
	}
	s := b.String()
	if maxChars > 0 && len(s) > maxChars {
		half := maxChars / 2
		s = s[:half] + "\n\n[… middle of the transcript omitted …]\n\n" + s[len(s)-half:]
	}
	return s
}

// focusNote asks the summary to keep what the person named, if anything.
func focusNote(focus string) string {
	if strings.TrimSpace(focus) == "" {
		return ""
	}
	return "Focus the summary on: " + strings.TrimSpace(focus) + "\n\n"
}
